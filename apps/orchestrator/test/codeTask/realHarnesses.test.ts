// code_task with the real Claude Code, Codex and Gemini CLI (their npm packages, installed by
// `npm run test:harnesses`), inside a real machine of each provider (bwrap, a docker or podman
// container) that shares this host's network, against a fake model server on 127.0.0.1 speaking
// each one's API.
import { HARNESS_DISPLAY_NAMES } from "@guilds/protocol/harness";
import { describe, expect, test, vi } from "vitest";
import { testHarnessDir } from "../harnesses/testHarnessDir.ts";
import { providerSandboxes } from "../machines/providerSandboxes.ts";
import { CLAUDE, CODEX, GEMINI, useRealCliTask } from "./realClis.ts";
import { finishedTask, firstProgress, REPOSITORY, startTask } from "./taskFixture.ts";

const installed = testHarnessDir();
if (installed.dir === null) console.warn(`skipping the real harness CLI tests: ${installed.reason}`);

const KEY = "sk-fake-harness-key-0123456789abcdef";

const CLIS = [CLAUDE, CODEX, GEMINI].map((cli) => ({
  ...cli,
  /** The CLI's own shell tool, writing made.txt. */
  makeFile: cli.shellCall("printf 'made\\n' > made.txt", "Make a file"),
}));
/**
 * Every CLI on the local provider; on the container machines Claude Code (a native binary) and
 * Codex (a Node launcher of one) only: Gemini CLI's turns are the slowest by far (about a minute a
 * provider), and a Node CLI in a container is Codex's launcher already.
 */
const IN_CONTAINERS: ReadonlySet<string> = new Set([CLAUDE.harness, CODEX.harness]);
function localOnly(harness: string, sandbox: string): string | undefined {
  if ((sandbox !== "docker" && sandbox !== "podman") || IN_CONTAINERS.has(harness)) return undefined;
  const reason = `the ${harness} CLI is tested on the local provider only`;
  console.warn(`code_task with the real ${harness} CLI on ${sandbox}: skipped: ${reason}`);
  return reason;
}
const CASES = (await providerSandboxes()).flatMap(({ sandbox, label, skipReason }) =>
  CLIS.map((cli) => {
    if (installed.dir === null) return { ...cli, sandbox, label, skipReason: installed.reason };
    if (skipReason !== undefined) return { ...cli, sandbox, label, skipReason };
    const reason = localOnly(cli.harness, sandbox);
    if (reason === undefined) return { ...cli, sandbox, label, skipReason: undefined };
    return { ...cli, sandbox, label: `${label}, skipped: ${reason}`, skipReason: reason };
  }),
);

const text = (chunks: string[]) => ({ type: "stream" as const, blocks: [{ type: "text" as const, chunks }] });

// A CLI starts in seconds here, but tens of seconds on a loaded machine.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

for (const cli of CASES) {
  describe.skipIf(cli.skipReason !== undefined)(
    `code_task with the real ${cli.harness} CLI (${cli.label})`,
    () => {
      const display = HARNESS_DISPLAY_NAMES[cli.harness];
      const statusLine = (status: string) =>
        new RegExp(`^${status} · ${display} · ${REPOSITORY} · session [0-9a-f-]{36} · \\d+s$`);

      const real = useRealCliTask(cli, {
        harnessDir: installed.dir ?? "",
        key: KEY,
        noRetries: true,
        minuteMs: 8_000,
        sandbox: cli.sandbox,
      });

      test("a turn with a tool call and a file change: the diffstat, the files, the final message", async () => {
        real.fake.enqueue({ type: "stream", blocks: [cli.makeFile] }, text(["Made made.txt."]));
        const runId = await startTask(real.harness, { brief: "Make made.txt." }, null);
        const { task } = await finishedTask(real.harness, runId);
        const lines = task.result.split("\n");
        expect(lines[0]).toMatch(statusLine("completed"));
        expect(lines.slice(1, 3)).toEqual(["1 files changed, +1 −0", "made.txt (+1 −0)"]);
        expect(task.result).toContain("\n\nMade made.txt.\n\nlog: .runs/");
        expect(task.metadata).toMatchObject({ status: "completed", harness: cli.harness, files_changed: 1 });
        // The CLI's own report of the turn's tokens (and cost, where it gives one) is the run's usage:
        // the scripted model of the run reported none.
        const reported = task.metadata.usage as Record<
          "input_tokens" | "output_tokens" | "cached_tokens",
          number | null
        >;
        expect(reported.output_tokens).toBeGreaterThan(0);
        const totals = await real.harness.store.runs.get(runId);
        expect(totals.usage).toEqual({
          inputTokens: reported.input_tokens ?? 0,
          outputTokens: reported.output_tokens ?? 0,
          cachedTokens: reported.cached_tokens ?? 0,
        });
        expect(totals.costUsd).toBe(
          typeof task.metadata.cost_usd === "number" ? task.metadata.cost_usd : null,
        );
        const endSha = String(task.metadata.end_sha);
        expect(await real.harness.bash(`git -C repos/${REPOSITORY} show ${endSha}:made.txt`)).toBe("made\n");
        // The working tree keeps the change; the index and HEAD are the harness's own business.
        expect(await real.harness.bash(`cat repos/${REPOSITORY}/made.txt`)).toBe("made\n");
        await real.harness.bash(`rm repos/${REPOSITORY}/made.txt`);
      });

      test("a text turn, then the same session resumed", async () => {
        real.fake.enqueue(text(["First answer."]));
        const first = await finishedTask(
          real.harness,
          await startTask(real.harness, { brief: "Say something." }, null),
        );
        expect(first.task.result.split("\n")[0]).toMatch(statusLine("completed"));
        expect(first.task.result.split("\n")[1]).toBe("no files changed");
        expect(first.task.result).toContain("\n\nFirst answer.\n\n");
        const session = String(first.task.metadata.session_id);
        expect(session).toMatch(/^[0-9a-f-]{36}$/);

        real.fake.enqueue(text(["Second answer."]));
        const second = await finishedTask(
          real.harness,
          await startTask(real.harness, { brief: "Go on.", session_id: session }, null),
        );
        expect(second.task.result.split("\n")[0]).toMatch(statusLine("completed"));
        expect(second.task.metadata.session_id).toBe(session);
        expect(second.task.result).toContain("\n\nSecond answer.\n\n");
      });

      test("an API error: failed, with the harness's error", async () => {
        real.fake.enqueue(
          ...Array.from({ length: 12 }, () => ({
            type: "error" as const,
            status: 400,
            message: "fake: bad request",
          })),
        );
        const { task } = await finishedTask(
          real.harness,
          await startTask(real.harness, { brief: "Fail." }, null),
        );
        expect(task.status).toBe("failed");
        expect(task.result).toMatch(new RegExp(`^failed · ${display} · ${REPOSITORY} · session `));
        expect(task.metadata).toMatchObject({ status: "failed" });
        expect(task.result.split("\n")[2]?.length ?? 0).toBeGreaterThan(0);
        // Whatever the CLI echoed, the key never reaches the result.
        expect(task.result).not.toContain(KEY);
        // A CLI that retries less than queued leaves errors behind.
        real.fake.clearQueue();
      });

      test("cancel mid-turn: the CLI is stopped, the page's detail", async () => {
        real.fake.enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["Thinking"] }], hang: true });
        const progress = firstProgress(real.harness);
        const runId = await startTask(real.harness, { brief: "Think forever." }, null);
        await progress;
        await real.harness.service.cancel(runId);
        const { task } = await finishedTask(real.harness, runId);
        expect(task.status).toBe("cancelled");
        expect(task.result.split("\n")[2]).toBe("Stopped: the generation was cancelled.");
        expect(
          await real.harness.bash(
            `pgrep -f '[${cli.harness[0]}]${cli.harness.slice(1)}' >/dev/null && echo running || echo stopped`,
          ),
        ).toBe("stopped\n");
      });

      test("a timeout: stopped after timeout_minutes, resumable", async () => {
        real.fake.enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["Slow"] }], hang: true });
        const { task } = await finishedTask(
          real.harness,
          await startTask(real.harness, { brief: "Be slow.", timeout_minutes: 1 }, null),
        );
        expect(task.metadata).toMatchObject({ status: "timed_out" });
        expect(task.result.split("\n")[2]).toBe("Stopped after 1 minutes. Resume the session to continue.");
      });
    },
  );
}
