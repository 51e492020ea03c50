import { existsSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import type { Envelope } from "@guilds/protocol/envelope";
import type { HarnessName, PollMeta } from "@guilds/protocol/harness";
import type { FakeCliRecord, FakeScenario } from "./fakeClis.ts";
import { type HarnessHome, REPO } from "./harnessFixture.ts";

/** The meta of an envelope that must be ok. */
export function okMeta<T = Record<string, unknown>>(envelope: Envelope): T {
  if (!envelope.ok) throw new Error(`expected ok, got ${envelope.error.code}: ${envelope.error.message}`);
  return envelope.meta as T;
}

export function errorOf(envelope: Envelope): { code: string; message: string } {
  if (envelope.ok) throw new Error(`expected an error, got ok: ${envelope.text}`);
  return envelope.error;
}

export interface TaskOptions {
  callId?: string;
  brief?: string;
  scenario?: FakeScenario;
  /** More request variables (secrets ...). */
  env?: Record<string, string>;
  model?: string | null;
  sessionId?: string | null;
  runId?: string;
}

export function startTask(
  harness: HarnessHome,
  name: HarnessName,
  options: TaskOptions = {},
): Promise<Envelope> {
  return harness.call(
    "start",
    {
      harness: name,
      repo: REPO,
      model: options.model ?? null,
      effort: null,
      session_id: options.sessionId ?? null,
      brief: options.brief ?? "Count the lines of README.md.",
    },
    {
      call_id: options.callId ?? "c1",
      ...(options.runId ? { run_id: options.runId } : {}),
      env: { ...(options.scenario ? harness.scenario(options.scenario) : {}), ...options.env },
    },
  );
}

export function pollOnce(harness: HarnessHome, name: HarnessName, offset: number, callId = "c1") {
  return harness.call("poll", { harness: name, offset }, { call_id: callId });
}

export interface PolledTask {
  lines: string[];
  offset: number;
  sessionId: string | null;
  polls: PollMeta[];
}

/** Polls as the orchestrator does, from offset 0 until "exited" (or "gone"). */
export async function pollToEnd(harness: HarnessHome, name: HarnessName, callId = "c1"): Promise<PolledTask> {
  const polls: PollMeta[] = [];
  let offset = 0;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const meta = okMeta<PollMeta>(await pollOnce(harness, name, offset, callId));
    polls.push(meta);
    offset = meta.offset;
    if (meta.state !== "running") {
      const last = polls[polls.length - 1];
      return {
        lines: polls.flatMap((poll) => poll.lines),
        offset,
        sessionId: last?.session_id ?? null,
        polls,
      };
    }
    await sleep(50);
  }
  throw new Error("the harness never exited");
}

export async function waitForFile(file: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      const text = readFileSync(file, "utf8");
      if (text !== "") return text;
    }
    await sleep(20);
  }
  throw new Error(`${file} never appeared`);
}

/** What the fake CLI recorded, once it has. */
export async function cliRecord(file: string): Promise<FakeCliRecord> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      // The fake writes it in one call; a read in between sees a part of it.
      return JSON.parse(await waitForFile(file));
    } catch (caught) {
      if (Date.now() > deadline) throw caught;
      await sleep(20);
    }
  }
}
