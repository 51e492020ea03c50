/** The views of an open tool call, as `?view=` names them (Code tools, Code tasks). */
export type DetailView = "arguments" | "result" | "metadata" | "diff" | "log";

const DETAIL_VIEWS: readonly DetailView[] = ["arguments", "result", "metadata", "diff", "log"];

/** The view a URL names; null for none or a name the app does not know. */
export function parseDetailView(value: string | null): DetailView | null {
  return DETAIL_VIEWS.find((view) => view === value) ?? null;
}
