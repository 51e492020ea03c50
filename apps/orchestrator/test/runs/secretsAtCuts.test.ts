import { afterEach, describe, expect, test } from "vitest";
import { leakedPieces, SECRET } from "../support/secretPieces.ts";
import { createRunHarness, finishedTools, type RunHarness, runToEnd } from "./runFixture.ts";

let harness: RunHarness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

/** Bash that prints `count` copies of a letter, with no newline. */
function letters(letter: string, count: number): string {
  return `head -c ${count} /dev/zero | tr '\\0' ${letter}`;
}

async function runWithSecret(toolCalls: Array<{ name: string; args: Record<string, unknown> }>) {
  harness = await createRunHarness({ script: { steps: [{ type: "reply", tool_calls: toolCalls }] } });
  await harness.store.secrets.set(
    { scope: "agent", agentId: harness.agent.id },
    { name: "API_TOKEN", value: SECRET },
  );
  const { runId, events } = await runToEnd(harness, "Print it.");
  const stored = JSON.stringify({
    messages: await harness.store.messages.list(runId),
    toolCalls: await harness.store.toolCalls.list(runId),
    events: await harness.store.events.listForRun(runId),
  });
  return { results: finishedTools(events).map((finished) => finished.result), events, stored };
}

/** Every count of characters before (or after) the secret that leaves 1 to 39 of it on each side of `cut`. */
function offsetsAround(cut: number): number[] {
  const offsets: number[] = [];
  for (let offset = cut - SECRET.length + 1; offset < cut; offset += 1) offsets.push(offset);
  return offsets;
}

describe("a secret across a cut leaves no piece of itself", () => {
  test("the shell's head and tail, around the elision line (the issue's print('A'*2035 + s + 'B'*30000))", async () => {
    // The head ends at byte 2048 (2035 is the count); the tail starts 6,043 bytes before the
    // end, given this run's log path in the elision line (the 21-offset floors below check the sweep).
    const heads = offsetsAround(2048).map((aCount) => ({
      name: "shell",
      args: { command: `${letters("A", aCount)}; printf %s "$API_TOKEN"; ${letters("B", 30000)}; echo` },
    }));
    const tails = offsetsAround(6043).map((bCount) => ({
      name: "shell",
      args: { command: `${letters("A", 30000)}; printf %s "$API_TOKEN"; ${letters("B", bCount)}; echo` },
    }));
    const { results, events, stored } = await runWithSecret([...heads, ...tails]);

    expect(results).toHaveLength(heads.length + tails.length);
    for (const result of results) {
      expect(result).toContain("bytes elided; full output:");
      expect(leakedPieces(result ?? "")).toEqual([]);
    }
    // The offsets do cross both cuts: a piece was redacted beside the elision line at each side.
    const headCuts = results.filter((result) => result?.includes("[redacted]\n[…")).length;
    const tailCuts = results.filter((result) => /…\]\n\[redacted\]/.test(result ?? "")).length;
    expect(headCuts).toBeGreaterThanOrEqual(21);
    expect(tailCuts).toBeGreaterThanOrEqual(21);
    expect(leakedPieces(JSON.stringify(events))).toEqual([]);
    expect(leakedPieces(stored)).toEqual([]);
  }, 180_000);

  test("file_read's clip of a long line and code_search's clip of a matched line", async () => {
    // Line n of the file holds the secret across the 400th character; file n of clip/ across the 300th.
    const writeLines = offsetsAround(400)
      .map((aCount) => `${letters("A", aCount)}; printf %s "$API_TOKEN"; ${letters("B", 40)}; echo`)
      .join("; ");
    const writeFiles = offsetsAround(300)
      .map(
        (cCount, index) =>
          `{ ${letters("C", cCount)}; printf %s "$API_TOKEN"; ${letters("D", 40)}; echo; } > clip/f${index}.txt`,
      )
      .join("; ");
    const { results, events, stored } = await runWithSecret([
      {
        name: "shell",
        args: { command: `{ ${writeLines}; } > long.txt; mkdir -p clip; ${writeFiles}; echo ok` },
      },
      // Two reads: the 39 long lines pass one result's cap.
      { name: "file_read", args: { path: "long.txt", limit: 20 } },
      { name: "file_read", args: { path: "long.txt", offset: 21 } },
      { name: "code_search", args: { pattern: "CCCC", path: "clip", mode: "content" } },
    ]);

    const [, first, second, search] = results;
    const read = `${first}\n${second}`;
    expect(read).toContain("… [+");
    expect(search).toContain("… [+");
    expect(read?.match(/\[redacted\]… \[\+/g)?.length).toBeGreaterThanOrEqual(21);
    expect(search?.match(/\[redacted\]… \[\+/g)?.length).toBeGreaterThanOrEqual(21);
    expect(leakedPieces(read)).toEqual([]);
    expect(leakedPieces(search ?? "")).toEqual([]);
    expect(leakedPieces(JSON.stringify(events))).toEqual([]);
    expect(leakedPieces(stored)).toEqual([]);
  }, 120_000);

  test("shell_status's tail of a line longer than the result (the line's start marked …)", async () => {
    // "b10 exited 0 after 0s\nlog: ~/.runs/<run id>/<call id>.log\n…" leaves 8,105 bytes of the line
    // in 8,192; nine calls first, so that every id the sweep reads has two digits.
    const keptBytes = 8105;
    const fillers = Array.from({ length: 9 }, () => ({
      name: "shell",
      args: { command: "true", background: true },
    }));
    const endings = offsetsAround(keptBytes);
    const starts = endings.map((yCount) => ({
      name: "shell",
      args: {
        command: `${letters("X", 100)}; printf %s "$API_TOKEN"; ${letters("Y", yCount)}; echo`,
        background: true,
      },
    }));
    const statuses = endings.map((_, index) => ({ name: "shell_status", args: { id: `b${index + 10}` } }));
    const { results, events, stored } = await runWithSecret([
      ...fillers,
      ...starts,
      { name: "shell", args: { command: "sleep 2" } },
      ...statuses,
    ]);

    const tails = results.slice(fillers.length + starts.length + 1);
    expect(tails).toHaveLength(statuses.length);
    for (const tail of tails) {
      expect(tail).toContain("exited 0");
      expect(leakedPieces(tail ?? "")).toEqual([]);
    }
    expect(tails.filter((tail) => tail?.includes("…[redacted]YYY")).length).toBeGreaterThanOrEqual(21);
    expect(leakedPieces(JSON.stringify(events))).toEqual([]);
    expect(leakedPieces(stored)).toEqual([]);
  }, 120_000);
});
