import { TASK_PROGRESS_LINES_MAX } from "@guilds/protocol/harnessLimits";
import { boundLine } from "./boundedLine.ts";

/**
 * A poll's progress: "A poll returns at most 60 lines, the earlier ones counted as … N more steps."
 * Keeps only the latest lines as they come, so a window full of events costs no more than 60 lines.
 */
export class LatestProgress {
  private readonly kept: string[] = [];
  private total = 0;

  constructor(private readonly max = TASK_PROGRESS_LINES_MAX) {}

  add(lines: readonly string[]): void {
    for (const line of lines) {
      this.total += 1;
      this.kept.push(boundLine(line));
      if (this.kept.length > this.max) this.kept.shift();
    }
  }

  lines(): string[] {
    if (this.total <= this.max) return [...this.kept];
    const latest = this.kept.slice(-(this.max - 1));
    return [moreStepsLine(this.total - latest.length), ...latest];
  }
}

export function moreStepsLine(count: number): string {
  return `… ${count} more steps`;
}
