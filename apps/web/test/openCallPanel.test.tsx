import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { OpenCallPanel } from "../src/features/agent/runs/OpenCallPanel.tsx";
import type { FlowCall } from "../src/runFlow/runFlow.ts";
import { renderSettled } from "./renderSettled.ts";
import { shellCall } from "./toolCallFixtures.ts";

const noop = () => {};

function panel(call: FlowCall | null, live = true) {
  return (
    <OpenCallPanel
      runId="run_1"
      call={call}
      live={live}
      agentHarness="claude"
      agentId="agent_1"
      view={null}
      onViewChange={noop}
      onClose={noop}
    />
  );
}

describe("OpenCallPanel", () => {
  test("a busy frame saying Loading… until the detail's chunk is in, then the detail", async () => {
    const loading = renderToStaticMarkup(panel(shellCall));
    expect(loading).toMatch(
      /^<section class="run-detail-frame" aria-label="Tool call details" aria-busy="true">/,
    );
    expect(loading).toContain('role="status"');
    expect(loading).toContain("Loading…");

    const loaded = await renderSettled(panel(shellCall));
    expect(loaded).toContain('<section aria-label="Tool call details" class="call-detail"');
    expect(loaded).toContain('data-call-id="call_shell_1"');
    expect(loaded).not.toContain("aria-busy");
  });

  test("a call the flow does not hold: loading while it replays, none once it is live", () => {
    expect(renderToStaticMarkup(panel(null, false))).toContain("<p>Loading the tool call…</p>");
    const missing = renderToStaticMarkup(panel(null, true));
    expect(missing).toContain("<p>This run has no such tool call.</p>");
    expect(missing).toContain(">Close</button>");
  });
});
