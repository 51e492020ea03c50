import type { Op } from "../context.ts";

export const fileRead: Op = async () => {
  throw new Error("fileRead is being written");
};
