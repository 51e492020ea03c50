import type { HarnessLog } from "@guilds/client/apiTypes";
import { describe, expect, test } from "vitest";
import { ApiError } from "../src/api/apiClient.ts";
import { detailTabs, shownDetailView } from "../src/features/agent/runs/chat/detail/detailTabs.ts";
import {
  formatBytes,
  logTotals,
  rawCutNote,
  rawLogLines,
  stepsCutNote,
} from "../src/features/agent/runs/chat/detail/harnessLogText.ts";
import {
  fenced,
  parseJsonContainer,
  resultMarkdown,
  splitTaskResult,
  splitTrailer,
} from "../src/features/agent/runs/chat/detail/resultText.ts";
import { initiallyOpenFiles, parseTaskDiff } from "../src/features/agent/runs/chat/detail/taskDiffFiles.ts";
import {
  retryTaskArtifact,
  taskDiffKey,
  taskLogKey,
} from "../src/features/agent/runs/chat/detail/useTaskArtifacts.ts";
import { harnessLogRaw, shellResult, taskDiffText } from "./toolCallFixtures.ts";

describe("result text", () => {
  test("the remaining_tool_calls trailer is split from the result; a result without one is whole", () => {
    expect(splitTrailer(shellResult)).toEqual({
      body: shellResult.slice(0, shellResult.indexOf("\n\nremaining_tool_calls")),
      trailer: "remaining_tool_calls: 41",
    });
    expect(splitTrailer("no trailer here")).toEqual({ body: "no trailer here", trailer: null });
    expect(splitTrailer("remaining_tool_calls: 3 in the middle\n\nend").trailer).toBeNull();
  });

  test("JSON objects and arrays parse for a tree; scalars, broken JSON and text do not", () => {
    expect(parseJsonContainer(' {"files": 2, "matches": [1, 2]}\n')).toEqual({ files: 2, matches: [1, 2] });
    expect(parseJsonContainer("[1, 2]")).toEqual([1, 2]);
    expect(parseJsonContainer('"a string"')).toBeNull();
    expect(parseJsonContainer("42")).toBeNull();
    expect(parseJsonContainer("{ not json")).toBeNull();
    expect(parseJsonContainer("[… 12 bytes elided; full output: x …]")).toBeNull();
  });

  test("terminal output is fenced for Markdown, with a fence longer than any backticks inside", () => {
    expect(resultMarkdown("shell", "a __init__.py b")).toBe("```text\na __init__.py b\n```");
    expect(resultMarkdown("file_read", "1\tx")).toBe("```text\n1\tx\n```");
    expect(resultMarkdown("code_search", "x")).toMatch(/^```text\n/);
    expect(resultMarkdown("shell_status", "b1 running 3s npm run dev")).toMatch(/^```text\n/);
    expect(resultMarkdown("note_get", "# A note\n\n*text*")).toBe("# A note\n\n*text*");
    expect(fenced("see ```js\ncode\n``` and ````")).toBe("`````text\nsee ```js\ncode\n``` and ````\n`````");
  });

  test("a code task result splits into its head lines and its final message", () => {
    const text = "completed · Codex · demo · session s1 · 8s\nno files changed\n\nDone.\n\nAll good.";
    expect(splitTaskResult(text)).toEqual({
      head: "completed · Codex · demo · session s1 · 8s\nno files changed",
      message: "Done.\n\nAll good.",
    });
    expect(splitTaskResult("failed · Codex · demo · session none · 1s")).toEqual({
      head: "failed · Codex · demo · session none · 1s",
      message: "",
    });
  });
});

describe("detail tabs", () => {
  test("a code task has Result, Diff, Log, Arguments, Metadata; other calls Result, Arguments, Metadata", () => {
    expect(detailTabs("code_task").map((tab) => tab.label)).toEqual([
      "Result",
      "Diff",
      "Log",
      "Arguments",
      "Metadata",
    ]);
    expect(detailTabs("shell").map((tab) => tab.label)).toEqual(["Result", "Arguments", "Metadata"]);
  });

  test("no view opens on Result; a view the call lacks falls back to Result", () => {
    expect(shownDetailView("code_task", null)).toBe("result");
    expect(shownDetailView("code_task", "log")).toBe("log");
    expect(shownDetailView("shell", "diff")).toBe("result");
    expect(shownDetailView("shell", "metadata")).toBe("metadata");
  });
});

describe("task diff", () => {
  test("files, their changes and counts, from a real git diff", () => {
    const diff = parseTaskDiff(taskDiffText);
    expect(
      diff.files.map(({ path, previousPath, change, binary, insertions, deletions }) => ({
        path,
        previousPath,
        change,
        binary,
        insertions,
        deletions,
      })),
    ).toEqual([
      {
        path: "NOTES.md",
        previousPath: null,
        change: "modified",
        binary: false,
        insertions: 1,
        deletions: 2,
      },
      { path: "logo.png", previousPath: null, change: "added", binary: true, insertions: 0, deletions: 0 },
      {
        path: "obsolete.txt",
        previousPath: null,
        change: "deleted",
        binary: false,
        insertions: 0,
        deletions: 1,
      },
      {
        path: "src/__init__.py",
        previousPath: "src/old_name.py",
        change: "renamed",
        binary: false,
        insertions: 0,
        deletions: 0,
      },
      {
        path: "src/math.ts",
        previousPath: null,
        change: "modified",
        binary: false,
        insertions: 6,
        deletions: 2,
      },
    ]);
    expect([diff.insertions, diff.deletions]).toEqual([7, 5]);
    expect(new Set(diff.files.map((file) => file.key)).size).toBe(5);
  });

  test("a diff cut at a line end still parses: its last hunk ends early", () => {
    const cut = taskDiffText.slice(0, taskDiffText.indexOf("+export function mul"));
    const last = parseTaskDiff(cut).files.at(-1);
    expect(last?.path).toBe("src/math.ts");
    expect(last?.insertions).toBe(3);
  });

  test("an empty diff has no files", () => {
    expect(parseTaskDiff("")).toEqual({ files: [], insertions: 0, deletions: 0 });
  });

  test("files open at first while they fit the line budget; a huge one waits, smaller ones after it open", () => {
    const files = parseTaskDiff(taskDiffText).files;
    const sizes = files.map((file) => file.lines);
    expect(sizes).toEqual([4, 0, 2, 0, 14]);
    expect([...initiallyOpenFiles(files, 1000)]).toEqual(files.map((file) => file.key));
    expect([...initiallyOpenFiles(files, 6)]).toEqual([
      "diff-file-0",
      "diff-file-1",
      "diff-file-2",
      "diff-file-3",
    ]);
    const [notes, logo, obsolete] = files;
    expect([
      ...initiallyOpenFiles(
        [files[4], notes, logo, obsolete].filter((f) => f !== undefined),
        10,
      ),
    ]).toEqual(["diff-file-0", "diff-file-1", "diff-file-2"]);
  });
});

describe("harness log text", () => {
  const log: HarnessLog = {
    lines: ["Claude Code started (claude-sonnet-4-5)", "Read: src/math.ts"],
    lines_truncated: false,
    raw: harnessLogRaw,
    raw_truncated: false,
    bytes: 1_234_567,
    events: 3,
    unparsed: 1,
  };

  test("sizes in B, KiB and MiB", () => {
    expect([
      formatBytes(0),
      formatBytes(812),
      formatBytes(1024),
      formatBytes(12_700),
      formatBytes(262_144),
    ]).toEqual(["0 B", "812 B", "1 KiB", "12.4 KiB", "256 KiB"]);
    expect(formatBytes(1_234_567)).toBe("1.2 MiB");
  });

  test("the totals name the events, the size and the lines that were not JSON", () => {
    expect(logTotals(log)).toBe("3 events · 1.2 MiB · 1 line not JSON");
    expect(logTotals({ ...log, events: 1, unparsed: 0, bytes: 900 })).toBe("1 event · 900 B");
    expect(logTotals({ ...log, events: 12_345, unparsed: 2 })).toBe(
      "12,345 events · 1.2 MiB · 2 lines not JSON",
    );
  });

  test("cuts are said, with the whole log's size and events", () => {
    expect(stepsCutNote(log)).toBeNull();
    expect(rawCutNote(log)).toBeNull();
    expect(stepsCutNote({ ...log, lines_truncated: true, events: 4_100 })).toBe(
      "Showing the first 2,000 steps of 4,100 events.",
    );
    expect(rawCutNote({ ...log, raw_truncated: true })).toBe(
      "Showing the first 256 KiB of 1.2 MiB, whole events from the start.",
    );
  });

  test("raw JSONL lines: JSON objects for a tree, other lines as text, numbered from 1", () => {
    const lines = rawLogLines(harnessLogRaw);
    expect(lines.map((line) => [line.number, line.json === null ? line.text : "json"])).toEqual([
      [1, "json"],
      [2, "json"],
      [3, "npm warn exec not JSON"],
      [4, "json"],
    ]);
    expect(lines[0]?.json).toMatchObject({ type: "system", model: "claude-sonnet-4-5" });
    expect(rawLogLines("")).toEqual([]);
  });
});

describe("task artifact queries", () => {
  test("keys as the app shares them", () => {
    expect(taskLogKey("r1", "c1")).toEqual(["task-log", "r1", "c1"]);
    expect(taskDiffKey("r1", "c1")).toEqual(["task-diff", "r1", "c1"]);
  });

  test("a 404 (a pruned log) is not retried; a failed wake is, once", () => {
    expect(retryTaskArtifact(0, new ApiError(404, "task_log.gone", "gone"))).toBe(false);
    expect(retryTaskArtifact(0, new ApiError(503, "tasks.unavailable", "no machines"))).toBe(true);
    expect(retryTaskArtifact(1, new ApiError(502, "machine.wake_failed", "x"))).toBe(false);
    expect(retryTaskArtifact(0, new ApiError(0, "network", "down"))).toBe(true);
  });
});
