import { HARNESS_DISPLAY_NAMES, HARNESS_NAMES } from "@guilds/protocol/harness";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { FlowStepView, type FlowStepViewProps } from "../src/features/agent/runs/chat/FlowStepView.tsx";
import { HarnessLogo } from "../src/features/agent/runs/chat/HarnessLogo.tsx";
import { stepHarness } from "../src/features/agent/runs/chat/stepHarness.ts";
import { ToolCallRow } from "../src/features/agent/runs/chat/ToolCallRow.tsx";
import type { FlowCall } from "../src/runFlow/runFlow.ts";
import { flowCall } from "./flowTestCalls.ts";
import { renderSettled } from "./renderSettled.ts";

const row = (each: FlowCall, selected = false) =>
  renderToStaticMarkup(<ToolCallRow call={each} selected={selected} onOpen={() => {}} />);

describe("ToolCallRow", () => {
  test("a button with the contract's data, the row text, and a red outcome for a failing command", () => {
    const markup = row(
      flowCall({
        id: "c1",
        name: "shell",
        arguments: { command: "ls -la\necho done" },
        metadata: { exit_code: 1 },
      }),
    );
    expect(markup).toMatch(/^<button type="button"/);
    expect(markup).toContain('data-testid="tool-row"');
    expect(markup).toContain('data-call-id="c1"');
    expect(markup).toContain('data-tool="shell"');
    expect(markup).toContain('data-status="completed"');
    expect(markup).toContain(">Run ls -la<");
    expect(markup).toContain('<span class="flow-tag flow-tag--danger">exit 1</span>');
    expect(markup).toContain('<span class="flow-row-duration">2.0 s</span>');
  });

  test("a repeated read's outcome is muted; a running call spins and says so", () => {
    expect(
      row(
        flowCall({ id: "c2", name: "file_read", arguments: { path: "a.ts" }, repeatOf: 4, repeatOfStep: 2 }),
      ),
    ).toContain('<span class="flow-tag flow-tag--muted">unchanged since step 2</span>');
    const running = row(
      flowCall({
        id: "c3",
        name: "shell",
        arguments: { command: "npm test" },
        status: "running",
        endedAt: null,
      }),
      true,
    );
    expect(running).toContain("flow-spinner");
    expect(running).toContain('<span class="flow-tag flow-tag--state">running</span>');
    expect(running).toContain('aria-current="true"');
    expect(running).not.toContain("flow-row-duration");
  });
});

describe("HarnessLogo", () => {
  test("each harness: its own mark and colour, named by its display name", () => {
    const marks = HARNESS_NAMES.map((harness) => renderToStaticMarkup(<HarnessLogo harness={harness} />));
    HARNESS_NAMES.forEach((harness, index) => {
      expect(marks[index]).toContain(`data-harness="${harness}"`);
      expect(marks[index]).toContain(`aria-label="${HARNESS_DISPLAY_NAMES[harness]}"`);
      expect(marks[index]).toContain('role="img"');
    });
    const drawings = marks.map((markup) => markup.replace(/.*<\/title>/, ""));
    expect(new Set(drawings).size).toBe(HARNESS_NAMES.length);
    const colours = marks.map((markup) => /style="color:([^"]+)"/.exec(markup)?.[1]);
    expect(new Set(colours).size).toBe(HARNESS_NAMES.length);
  });
});

describe("FlowStepView", () => {
  const props: FlowStepViewProps = {
    number: 3,
    text: "## Plan\nRun the **tests**, then fix them.",
    summary: "3 tool calls",
    folded: false,
    generating: false,
    finishNote: null,
    harness: null,
    taskRunning: false,
    usage: null,
    startedAt: "2026-03-02T10:00:00.000Z",
    onToggle: () => {},
  };

  test("open: its number, a dot on the rail, the toggle expanded, the text as Markdown", async () => {
    // As written (line breaks kept) in the moment before the Markdown chunk is in.
    expect(renderToStaticMarkup(<FlowStepView {...props} />)).toContain(
      '<p class="flow-markdown-plain">## Plan\nRun the **tests**, then fix them.</p>',
    );
    const markup = await renderSettled(<FlowStepView {...props} />);
    expect(markup).toContain('data-testid="flow-step" data-step="3"');
    expect(markup).toMatch(/data-testid="step-marker" aria-hidden="true"/);
    expect(markup).toContain('aria-expanded="true"');
    expect(markup).toContain("<h2>Plan</h2>");
    expect(markup).toContain("<strong>tests</strong>");
    expect(markup).toContain("3 tool calls");
    // Numbered from 1 in the run's order (not by its message's seq), as rows' "unchanged since step N" count.
    expect(markup).toMatch(/<\/svg>Step 3<\/button>/);
  });

  test("folded: the toggle collapsed, one line of text; a code task's step carries its harness's logo", () => {
    const markup = renderToStaticMarkup(<FlowStepView {...props} folded harness="gemini" taskRunning />);
    expect(markup).toContain('aria-expanded="false"');
    expect(markup).toContain('<p class="flow-step-folded-text">Plan</p>');
    expect(markup).not.toContain("<strong>");
    expect(markup).toMatch(/data-testid="step-marker" data-harness="gemini"><svg[^>]*data-harness="gemini"/);
    expect(markup).toContain("harness-logo--pulse");
  });
});

describe("stepHarness", () => {
  const shell = flowCall({ id: "s", name: "shell" });
  const task = flowCall({ id: "t", name: "code_task", status: "running", endedAt: null });
  const ended = flowCall({
    id: "u",
    name: "code_task",
    metadata: { harness: "cursor", status: "completed" },
  });
  const calls = new Map([shell, task, ended].map((each) => [each.id, each]));

  test("a step without a code task keeps its dot", () => {
    expect(stepHarness({ callIds: ["s"] }, calls, "claude")).toEqual({ harness: null, running: false });
  });

  test("the harness the task's result names, else the agent's", () => {
    expect(stepHarness({ callIds: ["s", "u"] }, calls, "claude")).toEqual({
      harness: "cursor",
      running: false,
    });
    expect(stepHarness({ callIds: ["t"] }, calls, "antigravity")).toEqual({
      harness: "antigravity",
      running: true,
    });
    expect(stepHarness({ callIds: ["t"] }, calls, null)).toEqual({ harness: null, running: true });
  });
});
