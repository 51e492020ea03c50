import type { HarnessLog, TaskDiff } from "@guilds/client/apiTypes";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { ApiError, apiErrorOf } from "../src/api/apiClient.ts";
import { ArtifactFailure } from "../src/features/agent/runs/chat/detail/ArtifactFailure.tsx";
import { RawText } from "../src/features/agent/runs/chat/detail/RawText.tsx";
import { LogEvents } from "../src/features/agent/runs/chat/detail/TaskLogView.tsx";
import { taskDiffKey, taskLogKey } from "../src/features/agent/runs/chat/detail/useTaskArtifacts.ts";
import { ToolCallDetail } from "../src/features/agent/runs/chat/ToolCallDetail.tsx";
import type { DetailView } from "../src/runFlow/detailView.ts";
import type { FlowCall } from "../src/runFlow/runFlow.ts";
import { flowCall } from "./flowTestCalls.ts";
import {
  END_SHA,
  finishedTaskCall,
  harnessLogRaw,
  LOG_PATH,
  runningTaskCall,
  START_SHA,
  shellCall,
  shellResult,
  taskDiffText,
} from "./toolCallFixtures.ts";

const noop = () => {};

function render(node: ReactNode, client = new QueryClient()): string {
  return renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

function detail(call: FlowCall, view: DetailView | null, client?: QueryClient): string {
  return render(
    <ToolCallDetail
      runId="run_1"
      call={call}
      agentHarness="claude"
      agentId="agent_1"
      view={view}
      onViewChange={noop}
      onClose={noop}
    />,
    client,
  );
}

/** The text of the markup, tags dropped and entities read back, for assertions on what shows. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

function tabs(html: string): { label: string; selected: boolean }[] {
  return [
    ...html.matchAll(/<button[^>]*role="tab"[^>]*aria-selected="(true|false)"[^>]*>([^<]*)<\/button>/g),
  ].map((match) => ({ label: match[2] ?? "", selected: match[1] === "true" }));
}

describe("a shell call", () => {
  test("a region with the row's summary, the status, Close, and tabs opening on Result", () => {
    const html = detail(shellCall, null);
    expect(html).toMatch(/^<section aria-label="Tool call details"/);
    expect(html).toContain('data-call-id="call_shell_1"');
    expect(html).toMatch(/<h2[^>]*>Run npm test<\/h2>/);
    expect(html).toMatch(/data-status="completed">completed · exit 1<\/span>/);
    expect(html).toMatch(/<button type="button" class="call-detail-close">Close<\/button>/);
    expect(tabs(html)).toEqual([
      { label: "Result", selected: true },
      { label: "Arguments", selected: false },
      { label: "Metadata", selected: false },
    ]);
  });

  test("Result: Markdown and Raw; terminal text shows verbatim (no bold __init__), the trailer apart", () => {
    const html = detail(shellCall, "result");
    expect(html).toContain('<button type="button" class="detail-mode" aria-pressed="true">Markdown</button>');
    expect(html).toContain('<button type="button" class="detail-mode" aria-pressed="false">Raw</button>');
    expect(html).toContain('<pre><code class="language-text">');
    expect(html).not.toContain("<strong>");
    expect(html).not.toContain("<em>");
    expect(textOf(html)).toContain("FAIL  test/__init__.test.ts > adds *two* numbers");
    expect(html).toContain('<p class="detail-trailer">remaining_tool_calls: 41</p>');
  });

  test("Raw is the text exactly as returned", () => {
    const html = renderToStaticMarkup(<RawText text={shellResult} />);
    expect(html).toMatch(/^<pre class="detail-raw" tabindex="0">/);
    expect(textOf(html)).toBe(shellResult);
  });

  test("Arguments: shown once, as a JSON tree, with JSON (the text) a toggle away", () => {
    const html = detail(shellCall, "arguments");
    expect(tabs(html).find((tab) => tab.selected)?.label).toBe("Arguments");
    expect(html).toContain('aria-label="Arguments" class="_2IvMF _GzYRV json-tree" role="tree"');
    expect(html).toContain('<span class="_1MGIk json-tree-label">command:</span>');
    expect(html).toMatch(/<fieldset class="detail-modes" aria-label="Arguments format">/);
    expect(html).toContain('aria-pressed="true">Tree</button>');
    expect(html).toContain('aria-pressed="false">JSON</button>');
    // The tree alone: the same arguments are not printed again as text beside it.
    expect(textOf(html)).not.toContain('"command": "npm test"');
  });

  test("Metadata: a definition list; the Full output log as code", () => {
    const html = detail(shellCall, "metadata");
    expect(html).toContain('<dl class="detail-metadata">');
    expect(html).toContain("<dt>Exit code</dt><dd>1</dd>");
    expect(html).toContain(
      '<dt>Full output log</dt><dd><code class="detail-code">.runs/run_1/call_shell_1.log</code></dd>',
    );
    expect(html).toContain('<dt>Working directory</dt><dd><code class="detail-code">repos/demo</code></dd>');
  });

  test("a view the call does not have (diff) shows Result", () => {
    expect(tabs(detail(shellCall, "diff")).find((tab) => tab.selected)?.label).toBe("Result");
  });
});

describe("other calls", () => {
  test("a repeated file_read shows Same as step", () => {
    const call = flowCall({
      id: "call_read_2",
      name: "file_read",
      arguments: { path: "src/math.ts" },
      result: "src/math.ts lines 1–7: unchanged since step 4; read that result.\n\nremaining_tool_calls: 30",
      metadata: { path: "src/math.ts", range: [1, 7], lines: 7, repeat_of: 4 },
      repeatOf: 4,
      repeatOfStep: 2,
    });
    const html = detail(call, "metadata");
    expect(html).toMatch(/<h2[^>]*>Read src\/math.ts<\/h2>/);
    expect(html).toContain("<dt>Same as step</dt><dd>2</dd>");
    expect(html).toContain("<dt>Lines</dt><dd>1–7 of 7</dd>");
  });

  test("a JSON result shows as a tree, with Raw beside it", () => {
    const call = flowCall({
      id: "call_x",
      name: "note_get",
      result:
        '{"path":"tasks/plan","kind":"record","fields":{"done":false,"steps":[1,2]}}\n\nremaining_tool_calls: 9',
    });
    const html = detail(call, "result");
    expect(html).toContain('aria-pressed="true">Tree</button>');
    expect(html).toContain('aria-pressed="false">Raw</button>');
    expect(html).toContain('aria-label="Result" class="_2IvMF _GzYRV json-tree" role="tree"');
    expect(html).toContain('<span class="_vGjyY json-tree-string">&quot;tasks/plan&quot;</span>');
  });

  test("a Markdown result renders as Markdown, line breaks kept", () => {
    const call = flowCall({
      id: "call_y",
      name: "note_get",
      result: "# Plan\n\n- [x] one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |",
    });
    const html = detail(call, "result");
    expect(html).toContain("<h1>Plan</h1>");
    expect(html).toContain('<input type="checkbox" disabled="" checked=""/>');
    expect(html).toContain("<table>");
  });

  test("a call not started yet, and one still running, say so", () => {
    expect(
      textOf(
        detail(flowCall({ id: "p", name: "shell", status: "pending", arguments: { command: "ls" } }), null),
      ),
    ).toContain("Not started yet: calls run one at a time.");
    expect(
      textOf(
        detail(flowCall({ id: "r", name: "shell", status: "running", arguments: { command: "ls" } }), null),
      ),
    ).toContain("Running…");
  });
});

describe("a running code task", () => {
  test("opens on Result with its progress lines, under the harness's heading, with five tabs", () => {
    const html = detail({ ...runningTaskCall, startedAt: new Date(Date.now() - 42_000).toISOString() }, null);
    expect(html).toMatch(/<h2[^>]*>Claude Code coding task<\/h2>/);
    expect(html).toMatch(/data-status="running">Running… · 4[234]s<\/span>/);
    expect(html).toContain("Add a mul function to src/math.ts with a test, and type every return value.");
    expect(tabs(html)).toEqual([
      { label: "Result", selected: true },
      { label: "Diff", selected: false },
      { label: "Log", selected: false },
      { label: "Arguments", selected: false },
      { label: "Metadata", selected: false },
    ]);
    expect(
      [...html.matchAll(/<li class="detail-progress-line">([^<]*)<\/li>/g)].map((match) => match[1]),
    ).toEqual(runningTaskCall.progress);
  });

  test("keeps all of its 200 latest lines; without lines yet, says they are live only", () => {
    const many = Array.from({ length: 200 }, (_, index) => `Bash: step ${index + 1}`);
    const html = detail({ ...runningTaskCall, progress: many }, "result");
    expect(html.match(/class="detail-progress-line"/g)).toHaveLength(200);
    expect(html).toContain("The latest 200 progress lines.");
    expect(textOf(detail({ ...runningTaskCall, progress: [] }, "result"))).toContain(
      "No progress yet. Progress lines stream here while the run view is open; a reload shows none until the result lands.",
    );
  });

  test("Diff and Log wait for the end checkpoint and the log", () => {
    expect(textOf(detail(runningTaskCall, "diff"))).toContain(
      "No end checkpoint yet: the diff shows once the task ends.",
    );
    expect(textOf(detail(runningTaskCall, "log"))).toContain(
      "No harness log yet: the log opens here once the task's result names it.",
    );
  });
});

describe("a finished code task", () => {
  test("Result: the head lines as text, the final message as Markdown, no log line", () => {
    const html = detail(finishedTaskCall, null);
    expect(html).toMatch(/data-status="completed">Done · 1m 04s<\/span>/);
    expect(html).toContain(
      '<pre class="detail-wrapped detail-task-head">completed · Claude Code · demo · session 22d7e37f-f4d3-4f28-8277-fb75459628d0 · 1m 04s\n5 files changed, +7 −5\nNOTES.md (+1 −2)',
    );
    expect(html).toContain("src/__init__.py (+0 −0)");
    expect(html).toContain("<strong>mul</strong>");
    expect(html).toContain("<code>src/math.ts</code>");
    expect(html).not.toContain("log: .runs");
    expect(html).toContain('<p class="detail-trailer">remaining_tool_calls: 40</p>');
  });

  test("Metadata: the task's rows; the harness log's path is a button", () => {
    const html = detail(finishedTaskCall, "metadata");
    expect(html).toContain("<dt>Status</dt><dd>completed</dd>");
    expect(html).toContain("<dt>Harness</dt><dd>Claude Code</dd>");
    expect(html).toContain('<dt>Checkpoints</dt><dd><code class="detail-code">5e9d90d → aaa74cc</code></dd>');
    expect(html).toContain(
      `<dt>Harness log</dt><dd><button type="button" class="detail-link" title="Open the Log view"><code>${LOG_PATH}</code></button></dd>`,
    );
  });

  test("Diff: loading while the agent's machine answers", () => {
    expect(textOf(detail(finishedTaskCall, "diff"))).toContain("Loading the diff from the agent's machine…");
  });

  test("Diff: the file list with counts, then each file's hunks in a unified view", () => {
    const client = new QueryClient();
    const view: TaskDiff = {
      diff: taskDiffText,
      truncated: false,
      start_sha: START_SHA,
      end_sha: END_SHA,
    };
    client.setQueryData(taskDiffKey("run_1", "call_task_1"), view);
    const html = detail(finishedTaskCall, "diff", client);
    const text = textOf(html);
    expect(text).toContain("5 files changed, +7 −5 · 5e9d90d → aaa74cc");
    expect(html).toContain('<ul class="detail-diff-files" aria-label="Changed files">');
    expect(text).toContain("src/old_name.py → src/__init__.py");
    expect(html).toContain('<span class="detail-diff-counts">binary</span>');
    expect(html.match(/<table class="diff diff-unified">/g)).toHaveLength(3);
    expect(html).toContain(
      '<td colSpan="3" class="diff-decoration-content"><span class="detail-diff-hunk-header">@@ -1,7 +1,11 @@</span></td>',
    );
    expect(html).toContain(
      '<td class="diff-code diff-code-insert" data-change-key="I9">export function mul(a: number, b: number): number {</td>',
    );
    expect(text).toContain("Binary file: not shown.");
    expect(text).toContain("No content changes.");
    expect(text).not.toContain("truncated");
  });

  test("Diff: a cut diff says so; an empty one says there were no changes", () => {
    const client = new QueryClient();
    client.setQueryData(taskDiffKey("run_1", "call_task_1"), {
      diff: taskDiffText.slice(0, taskDiffText.indexOf("diff --git a/src/math.ts")),
      truncated: true,
      start_sha: START_SHA,
      end_sha: END_SHA,
    });
    expect(textOf(detail(finishedTaskCall, "diff", client))).toContain(
      "This diff is truncated: the app reads only its start, so later files are missing and the last one may end early.",
    );
    const empty = new QueryClient();
    empty.setQueryData(taskDiffKey("run_1", "call_task_1"), {
      diff: "",
      truncated: false,
      start_sha: START_SHA,
      end_sha: END_SHA,
    });
    expect(textOf(detail(finishedTaskCall, "diff", empty))).toContain(
      "No changes between the start and end checkpoints (5e9d90d → aaa74cc).",
    );
  });

  test("Diff: a cached diff of another end checkpoint is read again", () => {
    const client = new QueryClient();
    client.setQueryData(taskDiffKey("run_1", "call_task_1"), {
      diff: taskDiffText,
      truncated: false,
      start_sha: START_SHA,
      end_sha: "0000000000000000000000000000000000000000",
    });
    expect(textOf(detail(finishedTaskCall, "diff", client))).toContain(
      "Loading the diff from the agent's machine…",
    );
  });

  test("Log: loading from the agent's machine, then Steps (each event as a progress line)", () => {
    expect(textOf(detail(finishedTaskCall, "log"))).toContain(
      "Loading the log from the agent's machine\u2026",
    );
    const client = new QueryClient();
    const log: HarnessLog = {
      lines: ["Claude Code started (claude-sonnet-4-5)", "Read: src/math.ts", "Added mul."],
      lines_truncated: true,
      raw: harnessLogRaw,
      raw_truncated: false,
      bytes: 2_400_000,
      events: 2_345,
      unparsed: 1,
    };
    client.setQueryData(taskLogKey("run_1", "call_task_1"), log);
    const html = detail(finishedTaskCall, "log", client);
    expect(html).toContain('aria-pressed="true">Steps</button>');
    expect(html).toContain('aria-pressed="false">JSON</button>');
    expect(textOf(html)).toContain(`${LOG_PATH} · 2,345 events · 2.3 MiB · 1 line not JSON`);
    expect(textOf(html)).toContain("Showing the first 2,000 steps of 2,345 events.");
    expect(
      [...html.matchAll(/<li class="detail-progress-line">([^<]*)<\/li>/g)].map((match) => match[1]),
    ).toEqual(log.lines);
  });

  test("Log, JSON: each raw event as a tree, a line that is not JSON as text, the cut said", () => {
    const log: HarnessLog = {
      lines: [],
      lines_truncated: false,
      raw: harnessLogRaw,
      raw_truncated: true,
      bytes: 900_000,
      events: 3,
      unparsed: 1,
    };
    const html = renderToStaticMarkup(<LogEvents log={log} />);
    expect(html.match(/role="tree"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="Event 1"');
    expect(html).toContain(
      '<li class="detail-log-event" value="3"><pre class="detail-wrapped">npm warn exec not JSON</pre></li>',
    );
    expect(textOf(html)).toContain("Showing the first 256 KiB of 879 KiB, whole events from the start.");
    const many = Array.from({ length: 250 }, (_, index) =>
      JSON.stringify({ type: "assistant", n: index }),
    ).join("\n");
    const paged = renderToStaticMarkup(<LogEvents log={{ ...log, raw: many, raw_truncated: false }} />);
    expect(paged.match(/class="detail-log-event"/g)).toHaveLength(100);
    expect(textOf(paged)).toContain("Show 100 more (150 not shown)");
  });

  test("a log that cannot be read says so, with the API's reason", () => {
    const error = new ApiError(
      404,
      "task_log.gone",
      "that call's harness log is gone: the agent's home keeps the logs of its 20 most recent runs",
    );
    const html = renderToStaticMarkup(
      <ArtifactFailure title="Couldn't load the harness log" error={error} onRetry={noop} />,
    );
    expect(textOf(html)).toContain(
      "Couldn't load the harness log: that call's harness log is gone: the agent's home keeps the logs of its 20 most recent runs (task_log.gone)",
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain(">Try again</button>");
  });

  test("a refused read shows the server's error body: its message and code", async () => {
    const message =
      "The agent's machine did not start: its home's disk image is missing. Start the run again.";
    const refused = new Response(JSON.stringify({ error: { code: "machine.start_failed", message } }), {
      status: 503,
      statusText: "Service Unavailable",
      headers: { "Content-Type": "application/json" },
    });
    const error = await apiErrorOf(refused);
    const html = renderToStaticMarkup(
      <ArtifactFailure title="Couldn't load the harness log" error={error} onRetry={noop} />,
    );
    expect(textOf(html)).toBe(`Couldn't load the harness log: ${message} (machine.start_failed)Try again`);
  });

  test("a task whose result names no log and no end checkpoint", () => {
    const call = {
      ...finishedTaskCall,
      status: "failed" as const,
      metadata: { harness: "codex", status: "failed" },
    };
    expect(textOf(detail(call, "log"))).toContain("This task's result names no harness log.");
    expect(textOf(detail(call, "diff"))).toContain(
      "No end checkpoint: the task ended without one, so it has no diff.",
    );
  });
});
