import type { ReactNode } from "react";
import { prerender } from "react-dom/static";

/** The markup once every lazy part (the detail's chunk, the Markdown chunk) is in and rendered. */
export async function renderSettled(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}
