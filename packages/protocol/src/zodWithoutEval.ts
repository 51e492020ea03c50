import { z } from "zod";

/**
 * Makes zod parse without compiling its parsers through `new Function`. The web app calls it first:
 * its CSP refuses eval, and zod's probe for eval would be a refusal the browser reports.
 */
export function parseWithoutEval(): void {
  z.config({ jitless: true });
}
