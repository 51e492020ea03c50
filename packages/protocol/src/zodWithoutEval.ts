/**
 * Makes zod parse without compiling its parsers through `new Function`. The web app calls it first:
 * its CSP refuses eval, and zod's probe for eval would be a refusal the browser reports.
 *
 * Zod decides when each object schema is built, from its config kept on `globalThis`; this sets it
 * there without importing zod, so it holds for every chunk of the app, whichever is evaluated first.
 */
export function parseWithoutEval(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
