import { HARNESS_DISPLAY_NAMES, type HarnessName } from "@guilds/protocol/harness";
import { firstLine } from "./firstLine.ts";

/** "Claude Code started (claude-sonnet-4-5)", or "Codex started" when the CLI does not say its model. */
export function startedLine(harness: HarnessName, model: string | null): string {
  const name = HARNESS_DISPLAY_NAMES[harness];
  return model ? `${name} started (${model})` : `${name} started`;
}

/** "<tool>: <first line of its detail>", or the bare tool name when it has no detail. */
export function toolLine(tool: string, detail: string | null): string {
  const line = detail === null ? null : firstLine(detail);
  return line === null ? tool : `${tool}: ${line}`;
}
