// How the server follows a foreground shell call's output, seen at the transport: no read before
// the first interval, then at most one read per interval, only over the long-lived helper (one
// process per read is not worth it), on the local (bwrap) and the container (docker) provider.

import type { HelperRequest } from "@guilds/protocol/helperRequest";
import { SHELL_OUTPUT_FIRST_POLL_MS, SHELL_OUTPUT_POLL_INTERVAL_MS } from "@guilds/protocol/shellOutput";
import { afterEach, describe, expect, test } from "vitest";
import { createHelperTransport, type HelperTransport } from "../../src/toolbox/helperTransport.ts";
import { shellTool } from "../../src/tools/shell/shell.ts";
import { standaloneToolContext } from "../../src/tools/standaloneToolContext.ts";
import { type Sandbox, sandboxes, startMachine, type TestMachine } from "./machineFixture.ts";

/** The real transport, the op and start time of each request it answered noted. */
function watchedTransport(
  mode: "auto" | "one-shot",
): HelperTransport & { sent: { op: string; at: number }[] } {
  const real = createHelperTransport({ mode });
  const sent: { op: string; at: number }[] = [];
  return {
    sent,
    async run(machine, request: HelperRequest, options) {
      const at = Date.now();
      const envelope = await real.run(machine, request, options);
      sent.push({ op: request.op, at });
      return envelope;
    },
    close: () => real.close(),
  };
}

let machine: TestMachine | undefined;
let helpers: ReturnType<typeof watchedTransport> | undefined;
async function disposeMachine(): Promise<void> {
  helpers?.close();
  await machine?.dispose();
  machine = undefined;
}
afterEach(disposeMachine);

async function runShell(sandbox: Sandbox, mode: "auto" | "one-shot", command: string) {
  machine = await startMachine(sandbox);
  helpers = watchedTransport(mode);
  const progress: string[][] = [];
  const context = {
    ...standaloneToolContext({
      machine: machine.machine,
      helpers,
      runId: "run1",
      agentId: machine.machine.agentId,
      callId: "call1",
      defaultCwd: "",
      secrets: {},
      repoTokens: {},
      maxBytes: 16 * 1024,
    }),
    progress: (lines: string[]) => progress.push(lines),
  };
  // Once first: a session's helper starts at its first call.
  await shellTool.run({ command: "true" }, { ...context, callId: "warm" });
  helpers.sent.length = 0;
  const startedAt = Date.now();
  const result = await shellTool.run({ command }, context);
  // A read of the warm call may still be answering after it ended: only reads started since count.
  const reads = helpers.sent
    .filter(({ op, at }) => op === "shell_output" && at >= startedAt)
    .map(({ at }) => at - startedAt);
  return { result, progress, reads, elapsedMs: Date.now() - startedAt };
}

const TICKS = "for i in $(seq 1 30); do echo tick $i; sleep 0.07; done";

const chosen = (await sandboxes()).filter(({ sandbox }) => sandbox === "bwrap" || sandbox === "docker");

describe.each(chosen)("following a shell call's output ($label)", ({ sandbox, skipReason }) => {
  test.skipIf(skipReason !== undefined)(
    "shell true reads nothing; a 2-second command is read after 250 ms, then at most every 300 ms, each line once",
    async () => {
      const short = await runShell(sandbox, "auto", "true");
      expect(short.reads).toEqual([]);
      expect(short.progress).toEqual([]);
      await disposeMachine();

      const long = await runShell(sandbox, "auto", TICKS);
      expect(long.result.ok).toBe(true);
      expect(long.reads[0]).toBeGreaterThanOrEqual(SHELL_OUTPUT_FIRST_POLL_MS);
      for (const [index, at] of long.reads.entries()) {
        if (index > 0)
          expect(at - (long.reads[index - 1] ?? 0)).toBeGreaterThanOrEqual(SHELL_OUTPUT_POLL_INTERVAL_MS - 5);
      }
      expect(long.reads.length).toBeLessThanOrEqual(
        1 + (long.elapsedMs - SHELL_OUTPUT_FIRST_POLL_MS) / SHELL_OUTPUT_POLL_INTERVAL_MS,
      );
      expect(long.reads.length).toBeGreaterThanOrEqual(3);
      // Each line once, in order, from the first: the ones after the last read come with the result.
      const lines = long.progress.flat();
      expect(lines.length).toBeGreaterThanOrEqual(5);
      expect(lines).toEqual(Array.from({ length: lines.length }, (_, index) => `tick ${index + 1}`));
    },
    60_000,
  );

  test.skipIf(skipReason !== undefined)(
    "over one-shot calls nothing is read: the call shows no live output, and its result is whole",
    async () => {
      const long = await runShell(sandbox, "one-shot", TICKS);
      expect(long.result.ok).toBe(true);
      expect(long.result.text.split("\n").slice(0, 30)).toEqual(
        Array.from({ length: 30 }, (_, index) => `tick ${index + 1}`),
      );
      expect(long.reads).toEqual([]);
      expect(long.progress).toEqual([]);
    },
    60_000,
  );
});
