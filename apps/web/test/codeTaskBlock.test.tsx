import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { CodeTaskBlock } from "../src/features/agent/runs/chat/CodeTaskBlock.tsx";
import type { FlowCall } from "../src/runFlow/runFlow.ts";
import { flowCall } from "./flowTestCalls.ts";

const brief = "Add a mul function to src/math.ts with a test, and type every return value.";

function render(task: FlowCall, agentHarness: "claude" | "codex" | null = "codex"): string {
  return renderToStaticMarkup(
    <CodeTaskBlock call={task} agentHarness={agentHarness} selected={false} onOpen={() => {}} />,
  );
}

/** The text inside the element that carries `data-testid="<id>"` (no nested elements). */
function textOf(markup: string, id: string): string | null {
  const match = new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(markup);
  return match?.[1] ?? null;
}

/** The progress lines: an element each. */
function progressLines(markup: string): string[] {
  return [...markup.matchAll(/data-testid="task-progress">([^<]*)<\/span>/g)].map((match) => match[1] ?? "");
}

const running = flowCall({
  id: "t1",
  name: "code_task",
  arguments: { brief, repo: "demo" },
  status: "running",
  startedAt: new Date(Date.now() - 65_000).toISOString(),
  endedAt: null,
  progress: [
    "claude started",
    "Read: src/math.ts",
    "Edit: src/math.ts",
    "Bash: npm test",
    "a",
    "b",
    "c",
    "d",
  ],
});

/** The running task, ended with this result and metadata. */
function ended(result: string, metadata: Record<string, unknown>, fields: Partial<FlowCall> = {}): FlowCall {
  return flowCall({ ...running, status: "completed", progress: [], result, metadata, ...fields });
}

describe("CodeTaskBlock", () => {
  test("running: the agent's harness, Running…, the brief, the latest six progress lines, pulsing", () => {
    const markup = render(running);
    expect(markup).toContain('data-testid="code-task-block"');
    expect(markup).toContain('data-call-id="t1"');
    expect(markup).toContain('data-status="running"');
    expect(textOf(markup, "task-status")).toBe("Running…");
    expect(textOf(markup, "task-brief")).toBe(brief);
    expect(markup).toContain("Codex");
    expect(markup).toContain("coding task");
    expect(markup).toContain('data-harness="codex"');
    expect(markup).toContain('aria-label="Codex"');
    expect(markup).toContain("harness-logo--pulse");
    expect(markup).toContain("code-task-status--running");
    expect(progressLines(markup)).toEqual(["Edit: src/math.ts", "Bash: npm test", "a", "b", "c", "d"]);
    expect(markup).toMatch(/class="code-task-time">1m 0[5-6]s</);
    expect(markup).toContain('<span class="code-task-repo">demo</span>');
    expect(markup).not.toContain("wrote");
  });

  test("done: the harness its result names, Done, wrote, the run time, repository and diffstat; no progress", () => {
    const markup = render(
      ended(
        "completed · Claude Code · demo · session s1 · 1m 04s\n2 files changed, +7 −5",
        {
          harness: "claude",
          status: "completed",
          repository: "demo",
          duration_ms: 64_000,
          files_changed: 2,
          insertions: 7,
          deletions: 5,
        },
        { endedAt: "2026-03-02T10:01:04.000Z" },
      ),
    );
    expect(markup).toContain('data-status="completed"');
    expect(textOf(markup, "task-status")).toBe("Done");
    expect(markup).toContain("Claude Code");
    expect(markup).toContain('data-harness="claude"');
    expect(markup).not.toContain("harness-logo--pulse");
    expect(markup).toContain('<span class="flow-tag flow-tag--wrote">wrote</span>');
    expect(markup).toContain('<span class="code-task-time">1m 04s</span>');
    expect(markup).toContain("2 files changed, +7 −5");
    expect(markup).not.toContain('data-testid="task-progress"');
    expect(markup).not.toContain("code-task-error");
  });

  test("failed: Failed and the first line of its error", () => {
    const markup = render(
      ended(
        "failed · Claude Code · demo · session none · 3s\nno files changed\nInvalid API key · Please run /login\n\n(no final message)",
        { harness: "claude", status: "failed", repository: "demo", files_changed: 0, duration_ms: 3000 },
      ),
    );
    expect(markup).toContain('data-status="failed"');
    expect(textOf(markup, "task-status")).toBe("Failed");
    expect(markup).toContain('<span class="code-task-error">Invalid API key · Please run /login</span>');
    expect(markup).toContain("no files changed");
    expect(markup).not.toContain("flow-tag--wrote");
  });

  test("timed out: Timed out, in the warning tone, with its detail", () => {
    const markup = render(
      ended(
        "timed_out · Codex · demo · session abc · 30m 00s\n1 files changed, +1 −0\nsrc/a.ts (+1 −0)\nStopped after 30 minutes. Resume the session to continue.\n\n(no final message)",
        { harness: "codex", status: "timed_out", files_changed: 1, insertions: 1, deletions: 0 },
      ),
    );
    expect(textOf(markup, "task-status")).toBe("Timed out");
    expect(markup).toContain("code-task--warn");
    expect(markup).toContain("Stopped after 30 minutes. Resume the session to continue.");
    expect(markup).toContain("wrote");
  });

  test("without any harness named: no logo, a neutral name", () => {
    const markup = render(flowCall({ ...running, progress: [] }), null);
    expect(markup).not.toContain("data-harness");
    expect(markup).toContain("coding task");
    expect(markup).not.toContain('data-testid="task-progress"');
  });
});
