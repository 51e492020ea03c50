import type { ChangedFile, TaskDiffSummary } from "./taskDiff.ts";

/** The page writes the minus of "+<a> −<d>" as U+2212, not a hyphen. */
const MINUS = "\u2212";

/**
 * The result's diffstat, as the "Code tasks" page writes it: "<n> files changed, +<a> −<d>", then
 * "<path> (+a −d)" for each listed file ("(binary)" for a binary one), then "… N more files" past
 * them; "no files changed" alone when nothing changed. The page has no singular: 1 file reads
 * "1 files changed", and one more "… 1 more files".
 */
export function formatDiffstat(summary: TaskDiffSummary): string[] {
  if (summary.filesChanged === 0) return ["no files changed"];
  return [
    `${summary.filesChanged} files changed, +${summary.insertions} ${MINUS}${summary.deletions}`,
    ...summary.files.map(fileLine),
    ...(summary.moreFiles > 0 ? [`\u2026 ${summary.moreFiles} more files`] : []),
  ];
}

function fileLine(file: ChangedFile): string {
  const path = file.previousPath === undefined ? file.path : `${file.previousPath} \u2192 ${file.path}`;
  if (file.insertions === null || file.deletions === null) return `${path} (binary)`;
  return `${path} (+${file.insertions} ${MINUS}${file.deletions})`;
}
