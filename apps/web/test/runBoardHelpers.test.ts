import { describe, expect, test } from "vitest";
import { runBoardApiQuery } from "../src/api/runBoardQueries.ts";
import { attentionMark, createRunAttention } from "../src/attention/runAttention.ts";
import { endNotificationText } from "../src/attention/watchedRuns.ts";
import { anyFilter, filtersOf, paramsOf, toggledStatus } from "../src/features/runs/boardFilters.ts";

describe("the tab's attention mark", () => {
  test("none, a count, and a ! when one of them failed", () => {
    expect(attentionMark([])).toBe("");
    expect(attentionMark(["completed"])).toBe("(1) ");
    expect(attentionMark(["completed", "cancelled", "interrupted"])).toBe("(3) ");
    expect(attentionMark(["completed", "failed"])).toBe("(2!) ");
  });

  test("a run counts once; looking at it, or at all, clears it", () => {
    const attention = createRunAttention();
    let changes = 0;
    attention.subscribe(() => {
      changes += 1;
    });
    attention.noteEnded("run_a", "completed");
    attention.noteEnded("run_b", "failed");
    attention.noteEnded("run_a", "completed");
    expect(attention.unseen()).toEqual(["failed", "completed"]);
    attention.markSeen("run_b");
    expect(attention.unseen()).toEqual(["completed"]);
    attention.markSeen("run_unknown");
    attention.markAllSeen();
    expect(attention.unseen()).toEqual([]);
    attention.markAllSeen();
    expect(changes).toBe(5);
  });
});

test("a watched run's notification names the run, how it ended and why", () => {
  expect(endNotificationText("Fix the parser", "failed", "Scripted failure.")).toEqual({
    title: "Run failed: Fix the parser",
    body: "The run failed: Scripted failure.",
  });
  expect(endNotificationText("Run 7x2k", "completed", undefined)).toEqual({
    title: "Run completed: Run 7x2k",
    body: "The run completed.",
  });
});

describe("the board's filters", () => {
  test("read from the URL, a value that is no status left out, and written back", () => {
    const filters = filtersOf(new URLSearchParams("status=waiting,bogus,failed&guild=g_1&q=deploy"));
    expect(filters).toEqual({
      statuses: ["waiting", "failed"],
      guildId: "g_1",
      agentId: null,
      search: "deploy",
    });
    expect(paramsOf(filters).toString()).toBe("status=waiting%2Cfailed&guild=g_1&q=deploy");
    expect(anyFilter(filters)).toBe(true);
    expect(anyFilter(filtersOf(new URLSearchParams()))).toBe(false);
  });

  test("a status toggles on and off, kept in the board's order", () => {
    const none = filtersOf(new URLSearchParams());
    const failed = toggledStatus(none, "failed");
    expect(toggledStatus(failed, "running").statuses).toEqual(["running", "failed"]);
    expect(toggledStatus(failed, "failed").statuses).toEqual([]);
  });

  test("as GET /api/runs's query: only what is set, the search trimmed", () => {
    expect(runBoardApiQuery(filtersOf(new URLSearchParams()), undefined)).toEqual({});
    const filters = {
      statuses: ["running", "waiting"] as const,
      guildId: "g_1",
      agentId: "ag_2",
      search: " fix ",
    };
    expect(runBoardApiQuery(filters, "cursor1")).toEqual({
      status: "running,waiting",
      guild_id: "g_1",
      agent_id: "ag_2",
      q: "fix",
      cursor: "cursor1",
    });
  });
});
