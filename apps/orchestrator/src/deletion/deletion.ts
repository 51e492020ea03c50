/** What a delete did: the API answers it, the CLI prints it. */
export interface Deletion {
  kind: "guild" | "repository" | "agent";
  id: string;
  name: string;
  /** What went with it, e.g. "3 runs (their messages, generations, tool calls and events)". */
  removed: string[];
  /** What stays, where, and why. */
  kept: string[];
}

/** "1 run", "3 runs" */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

/** "2 secrets (API_KEY, DEPLOY)" */
export function namedCount(names: readonly string[], noun: string, plural?: string): string {
  return `${countOf(names.length, noun, plural)} (${names.join(", ")})`;
}

/** The CLI's report: one line for what went, one per thing kept. */
export function describeDeletion(deletion: Deletion): string {
  const removed = deletion.removed.length === 0 ? "" : ` with ${deletion.removed.join(", ")}`;
  const kept = deletion.kept.map((line) => `kept ${line}\n`).join("");
  return `deleted ${deletion.kind} ${deletion.name} (${deletion.id})${removed}\n${kept}`;
}
