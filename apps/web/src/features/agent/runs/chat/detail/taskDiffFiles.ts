import { type FileData, parseDiff } from "react-diff-view";

/** One file of a task's diff, as the file list and its section header name it. */
export interface TaskDiffFile {
  /** Unique within the diff: the section's id. */
  key: string;
  /** The path it has after the change (before it, for a deleted file). */
  path: string;
  /** For a rename or copy: where it was. */
  previousPath: string | null;
  change: "added" | "deleted" | "modified" | "renamed" | "copied";
  binary: boolean;
  insertions: number;
  deletions: number;
  /** Lines the unified view would draw: decides which files open at first. */
  lines: number;
  data: FileData;
}

export interface TaskDiff {
  files: TaskDiffFile[];
  insertions: number;
  deletions: number;
}

/**
 * A task's unified diff (git diff --find-renames, a/ b/ prefixes), parsed by react-diff-view.
 * gitdiff-parser reads neither "Binary files … differ" nor a binary file's "new file mode", so each
 * file's own section of the text says those.
 */
export function parseTaskDiff(text: string): TaskDiff {
  // parseDiff makes up a file for text without one (it prefixes a header of its own).
  if (text.trim() === "") return { files: [], insertions: 0, deletions: 0 };
  const parsed = parseDiff(text);
  const sections = fileSections(text);
  const files = parsed.map((data, index) => describeFile(data, sections[index] ?? "", index));
  return {
    files,
    insertions: files.reduce((sum, file) => sum + file.insertions, 0),
    deletions: files.reduce((sum, file) => sum + file.deletions, 0),
  };
}

/** The text of each file's section: from one "diff --git" line to the next. */
function fileSections(text: string): string[] {
  return text.split(/^(?=diff --git )/m).filter((section) => section.startsWith("diff --git "));
}

function describeFile(data: FileData, section: string, index: number): TaskDiffFile {
  let insertions = 0;
  let deletions = 0;
  let lines = 0;
  for (const hunk of data.hunks) {
    lines += hunk.changes.length + 1;
    for (const change of hunk.changes) {
      if (change.type === "insert") insertions += 1;
      else if (change.type === "delete") deletions += 1;
    }
  }
  const change = changeOf(data, section);
  const path = change === "deleted" ? data.oldPath : data.newPath;
  const moved = change === "renamed" || change === "copied";
  return {
    key: `diff-file-${index}`,
    path,
    previousPath: moved ? data.oldPath : null,
    change,
    binary: /^Binary files .* differ$/m.test(section) || /^GIT binary patch$/m.test(section),
    insertions,
    deletions,
    lines,
    data,
  };
}

function changeOf(data: FileData, section: string): TaskDiffFile["change"] {
  if (data.type === "add" || /^new file mode /m.test(section)) return "added";
  if (data.type === "delete" || /^deleted file mode /m.test(section)) return "deleted";
  if (data.type === "rename") return "renamed";
  if (data.type === "copy") return "copied";
  return "modified";
}

/** The files open at first: in order, each that still fits the line budget, so a huge diff stays fast. */
export function initiallyOpenFiles(files: readonly TaskDiffFile[], lineBudget: number): Set<string> {
  const open = new Set<string>();
  let used = 0;
  for (const file of files) {
    if (used + file.lines > lineBudget) continue;
    used += file.lines;
    open.add(file.key);
  }
  return open;
}
