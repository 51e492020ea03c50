import { shortId } from "../ui/shortId.ts";

/** How a run is named wherever it is named: its title, else "Run" and the end of its id. */
export function runName(run: { id: string; title?: string }): string {
  return run.title !== undefined && run.title !== "" ? run.title : `Run ${shortId(run.id)}`;
}
