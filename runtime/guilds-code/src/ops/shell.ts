import type { Op } from "../context.ts";

export const shell: Op = async () => {
  throw new Error("shell is being written");
};
