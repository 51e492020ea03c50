import type { Op } from "../context.ts";

export const shellStatus: Op = async () => {
  throw new Error("shellStatus is being written");
};
