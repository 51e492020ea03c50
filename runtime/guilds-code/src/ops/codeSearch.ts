import type { Op } from "../context.ts";

export const codeSearch: Op = async () => {
  throw new Error("codeSearch is being written");
};
