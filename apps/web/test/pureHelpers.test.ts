import type { Run } from "@guilds/client/apiTypes";
import { describe, expect, test } from "vitest";
import { routeIdsOf } from "../src/app/routeIds.ts";
import { messageError } from "../src/features/agent/settings/runMessage.ts";
import { guildNameError } from "../src/features/guilds/guildForm.ts";
import { runClientText } from "../src/runFlow/runClientText.ts";
import { runName } from "../src/runFlow/runName.ts";
import { hasRunningRun, runDurationText, toolCallsText } from "../src/runFlow/runSummary.ts";
import { formatDuration, formatRelativeTime } from "../src/ui/formatTime.ts";
import { shortId } from "../src/ui/shortId.ts";

const aRun = (patch: Partial<Run>): Run => ({
  id: "run_01abcdefgh0123456789",
  guild_id: "g_1",
  agent_id: "ag_1",
  title: "Fix the build",
  status: "running",
  status_reason: null,
  metadata: {},
  tool_calls_used: 0,
  usage: { input_tokens: 0, output_tokens: 0, cached_tokens: 0 },
  cost_usd: null,
  created_at: "2026-03-01T10:00:00.000Z",
  updated_at: "2026-03-01T10:00:00.000Z",
  ended_at: null,
  ...patch,
});

describe("runClientText", () => {
  test("names the MCP client of a run it drives, nothing for a run of the agent's model", () => {
    expect(
      runClientText(aRun({ metadata: { client: { protocol: "mcp", name: "claude-code 2.1.197" } } })),
    ).toBe("over MCP from claude-code 2.1.197");
    expect(runClientText(aRun({}))).toBeNull();
    expect(runClientText(aRun({ metadata: { harness_task: { call_id: "tc_1" } } }))).toBeNull();
    expect(runClientText(aRun({ metadata: { client: "mcp" } }))).toBeNull();
  });
});

describe("runName", () => {
  test("a run's title, else Run and the end of its id", () => {
    expect(runName(aRun({ title: "Fix the build" }))).toBe("Fix the build");
    expect(runName(aRun({ title: "" }))).toBe("Run 456789");
    expect(runName({ id: "run_01abcdefgh0123456789" })).toBe("Run 456789");
  });
});

describe("routeIdsOf", () => {
  test("names the guild, agent or run of the path", () => {
    expect(routeIdsOf("/")).toEqual({});
    expect(routeIdsOf("/guilds/g_1")).toEqual({ guildId: "g_1" });
    expect(routeIdsOf("/agents/ag_1")).toEqual({ agentId: "ag_1" });
    expect(routeIdsOf("/runs/run_1")).toEqual({ runId: "run_1" });
    expect(routeIdsOf("/runs/run_1/")).toEqual({ runId: "run_1" });
    expect(routeIdsOf("/nowhere/x")).toEqual({});
  });
});

describe("times", () => {
  const now = Date.parse("2026-03-01T12:00:00.000Z");
  test("relative for the recent past", () => {
    expect(formatRelativeTime("2026-03-01T11:59:50.000Z", now)).toBe("just now");
    expect(formatRelativeTime("2026-03-01T11:55:00.000Z", now)).toBe("5 min ago");
    expect(formatRelativeTime("2026-03-01T09:00:00.000Z", now)).toBe("3 h ago");
    expect(formatRelativeTime("2026-02-28T12:00:00.000Z", now)).toBe("yesterday");
    expect(formatRelativeTime("2026-02-25T12:00:00.000Z", now)).toBe("4 days ago");
    expect(formatRelativeTime("not a date", now)).toBe("not a date");
  });
  test("durations", () => {
    expect(formatDuration(42_400)).toBe("42 s");
    expect(formatDuration(185_000)).toBe("3 min 5 s");
    expect(formatDuration(120_000)).toBe("2 min");
    expect(formatDuration(3_720_000)).toBe("1 h 2 min");
  });
});

describe("runs list", () => {
  test("polls while a run is running", () => {
    expect(hasRunningRun(undefined)).toBe(false);
    expect(hasRunningRun([aRun({ status: "completed" })])).toBe(false);
    expect(hasRunningRun([aRun({ status: "completed" }), aRun({ status: "running" })])).toBe(true);
  });
  test("how long a run took, or has been running", () => {
    const now = Date.parse("2026-03-01T10:00:42.000Z");
    expect(runDurationText(aRun({}), now)).toBe("running for 42 s");
    expect(runDurationText(aRun({ status: "completed", ended_at: "2026-03-01T10:03:05.000Z" }), now)).toBe(
      "3 min 5 s",
    );
    expect(runDurationText(aRun({ status: "interrupted" }), now)).toBe("");
  });
  test("tool calls against the budget", () => {
    expect(toolCallsText(3, 100)).toBe("3 of 100 tool calls");
    expect(toolCallsText(1, 1)).toBe("1 of 1 tool call");
  });
  test("a short id is the end of the id", () => {
    expect(shortId("run_01abcdefgh0123456789")).toBe("456789");
    expect(shortId("abc")).toBe("abc");
  });
});

describe("form messages", () => {
  test("a run's message", () => {
    expect(messageError("  \n")).toBe("Write what the agent should do.");
    expect(messageError("Fix the test")).toBeNull();
    expect(messageError("x".repeat(200_001))).toBe(
      "A message is at most 200,000 characters (this one has 200,001).",
    );
  });
  test("a guild's name", () => {
    expect(guildNameError(" ")).toBe("Give the guild a name, such as the team or project it works for.");
    expect(guildNameError(" acme ")).toBeNull();
    expect(guildNameError("x".repeat(101))).toBe(
      "A guild's name is at most 100 characters (this one has 101).",
    );
  });
});
