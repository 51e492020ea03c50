// harness-poll: guilds-harness poll with the harness log at 1 GiB, against the same poll with the log
// at 1 MiB (the baseline), both reading the same 256 KiB window of events at the log's end, as the
// orchestrator's poll every 3 seconds reads what the CLI printed since the last one. Poll seeks to
// its offset and reads at most 256 KiB, so the log's size must not show. Two transports: the op
// called in this process (the poll's own cost, no process start) and one helper process per call
// (the page's transport, the built bundle). The CLI is a `sleep` in a process group of its own, so
// each poll also checks that the CLI lives, as it does in a task. Goal: ratio <= 1.2, flat memory.
// No machine: the helper runs straight on this host, as it runs inside one; about 80 s.
import { execFile, spawn } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import { Envelope } from "@guilds/protocol/envelope";
import { type PollMeta, taskLogPath } from "@guilds/protocol/harness";
import { TASK_POLL_READ_MAX_BYTES, TASK_PROGRESS_LINES_MAX } from "@guilds/protocol/harnessLimits";
import { HelperRequest } from "@guilds/protocol/helperRequest";
import { processStartTicks } from "@guilds/runtime/processTable";
import { createContext } from "../runtime/guilds-harness/src/context.ts";
import { poll } from "../runtime/guilds-harness/src/ops/poll.ts";
import { type Arm, interleave } from "./lib/interleave.ts";
import { environment, reportCase, say } from "./lib/report.ts";
import { percentile, round3 } from "./lib/stats.ts";

const BENCH = "harness-poll";
const GOAL = 1.2;
const RUN_ID = "bench";
const AGENT_ID = "agent";
const SESSION = "85b686e1-ef47-49d1-8fe2-1f417a920d23";
/** The built helper, from this bench's bundle in bench/.out/. */
const HELPER = fileURLToPath(new URL("../../runtime/guilds-harness/dist/guilds-harness", import.meta.url));
const LOGS = [
  { call: "small", label: "1 MiB", bytes: 1024 ** 2 },
  { call: "big", label: "1 GiB", bytes: 1024 ** 3 },
] as const;

/** Events as Claude Code prints them: a tool use, its result, a message, an edit. Repeated to size. */
const BLOCK = [
  {
    type: "assistant",
    message: {
      role: "assistant",
      content: [
        {
          type: "tool_use",
          id: "t",
          name: "Bash",
          input: { command: "npm test -- --run src/features", description: "Run the tests" },
        },
      ],
    },
    session_id: SESSION,
  },
  {
    type: "user",
    message: {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "t", content: "ok ".repeat(200) }],
    },
    session_id: SESSION,
  },
  {
    type: "assistant",
    message: {
      role: "assistant",
      content: [{ type: "text", text: "The tests pass; next I update the reducer and its types." }],
    },
    session_id: SESSION,
  },
  {
    type: "assistant",
    message: {
      role: "assistant",
      content: [
        {
          type: "tool_use",
          id: "e",
          name: "Edit",
          input: { file_path: "/home/agent/repos/app/src/reducer.ts", old_string: "a", new_string: "b" },
        },
      ],
    },
    session_id: SESSION,
  },
]
  .map((event) => `${JSON.stringify(event)}\n`)
  .join("");
const BLOCK_BYTES = Buffer.byteLength(BLOCK);
/** The window each poll reads: whole blocks, the most that fits in one poll's read. */
const WINDOW_BYTES = Math.floor(TASK_POLL_READ_MAX_BYTES / BLOCK_BYTES) * BLOCK_BYTES;

const root = mkdtempSync(path.join(tmpdir(), "guilds-bench-harness-"));
const home = path.join(root, "home");
const runtimeDir = path.join(root, "run");
const stateDir = path.join(runtimeDir, AGENT_ID, "harness");
const helperEnvironment = {
  HOME: home,
  GUILDS_RUNTIME_DIR: runtimeDir,
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  LANG: "C.UTF-8",
};
const cli = spawn("sleep", ["3600"], { detached: true, stdio: "ignore" });
const cleanup = () => {
  try {
    if (cli.pid !== undefined) process.kill(-cli.pid, "SIGKILL");
  } catch {}
  rmSync(root, { recursive: true, force: true });
};
for (const name of ["SIGINT", "SIGTERM"] as const) {
  process.once(name, () => {
    cleanup();
    process.exit(130);
  });
}

try {
  say(
    `${BENCH}: sandbox none (the helper run on this host); logs of 1 MiB and 1 GiB, each poll reads the same ${WINDOW_BYTES} bytes at the end`,
  );
  const sizes = prepare();
  const expected = await pollInProcess("small", sizes.small - WINDOW_BYTES);
  for (const log of LOGS)
    checkPoll(await pollInProcess(log.call, sizes[log.call] - WINDOW_BYTES), expected, sizes[log.call]);
  const oneShot = existsSync(HELPER);
  if (oneShot) {
    for (const log of LOGS)
      checkPoll(await pollOneShot(log.call, sizes[log.call] - WINDOW_BYTES), expected, sizes[log.call]);
  } else {
    say(
      `no ${path.relative(process.cwd(), HELPER)}: the one-shot cases need \`npm run build\` (npm run bench builds first)`,
    );
  }
  const env = environment("none (on this host)");

  const inProcess = await interleave(
    LOGS.map((log) => ({
      name: log.label,
      run: async () => void (await pollInProcess(log.call, sizes[log.call] - WINDOW_BYTES)),
    })),
    { warmupRounds: 20, minRounds: 50, maxRounds: 2000, maxSeconds: 20 },
  );
  report("in-process", inProcess, env, {});

  if (oneShot) {
    const arms: Arm[] = LOGS.map((log) => ({
      name: log.label,
      run: async () => void (await pollOneShot(log.call, sizes[log.call] - WINDOW_BYTES)),
    }));
    const samples = await interleave(arms, {
      warmupRounds: 3,
      minRounds: 15,
      maxRounds: 200,
      maxSeconds: 40,
    });
    const peaks: Record<string, number> = {};
    for (const log of LOGS) peaks[log.call] = await pollPeakRssMib(log.call, sizes[log.call] - WINDOW_BYTES);
    report(
      "one-shot",
      samples,
      env,
      {
        rss_peak_mib: peaks.big,
        baseline_rss_peak_mib: peaks.small,
      },
      `; helper peak RSS ${peaks.big} MiB at 1 GiB, ${peaks.small} MiB at 1 MiB`,
    );
  }
} finally {
  cleanup();
}

function report(
  transport: string,
  samples: Map<string, { wallMs: number[]; cpuMs: number[] }>,
  env: ReturnType<typeof environment>,
  extra: Record<string, unknown>,
  note = "",
): void {
  const big = samples.get("1 GiB");
  const small = samples.get("1 MiB");
  if (!big || !small) throw new Error(`no samples for ${transport}`);
  reportCase({
    bench: BENCH,
    variant: `${transport}, 1 GiB log`,
    baseline: `${transport}, the same poll of a 1 MiB log`,
    samples: big,
    baselineSamples: small,
    env,
    goals: [
      {
        text: `ratio_p50 <= ${GOAL}`,
        met: percentile(big.wallMs, 50) / percentile(small.wallMs, 50) <= GOAL,
      },
    ],
    extra: {
      transport,
      window_bytes: WINDOW_BYTES,
      log_bytes: LOGS[1].bytes,
      baseline_log_bytes: LOGS[0].bytes,
      ...extra,
    },
    note: `${WINDOW_BYTES} bytes read a poll${note}`,
  });
}

/** The two logs (whole blocks up to their size), their calls' state, the CLI's group. */
function prepare(): Record<(typeof LOGS)[number]["call"], number> {
  mkdirSync(path.join(home, ".runs", RUN_ID), { recursive: true });
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const chunk = Buffer.from(BLOCK.repeat(Math.floor((4 * 1024 * 1024) / BLOCK_BYTES)));
  const sizes = { small: 0, big: 0 };
  for (const log of LOGS) {
    const file = path.join(home, taskLogPath(RUN_ID, log.call));
    const blocks = Math.floor(log.bytes / BLOCK_BYTES);
    const descriptor = openSync(file, "w");
    let written = 0;
    while (written + chunk.length <= blocks * BLOCK_BYTES) written += writeSync(descriptor, chunk);
    while (written < blocks * BLOCK_BYTES) written += writeSync(descriptor, BLOCK);
    closeSync(descriptor);
    sizes[log.call] = written;
    writeFileSync(
      path.join(stateDir, `${log.call}.json`),
      JSON.stringify({
        harness: "claude",
        repo: "app",
        model: null,
        effort: null,
        session_id: null,
        started_at: new Date().toISOString(),
        version: "2.1.197",
        credential: "login",
        log_path: taskLogPath(RUN_ID, log.call),
        prompt_path: `.runs/${RUN_ID}/${log.call}.prompt.md`,
        log_file: file,
        prompt_file: path.join(home, `.runs/${RUN_ID}/${log.call}.prompt.md`),
        supervisor_pid: process.pid,
        supervisor_start_ticks: processStartTicks(process.pid),
      }),
    );
    writeFileSync(path.join(stateDir, `${log.call}.pid`), `${cli.pid}\n`);
    writeFileSync(path.join(stateDir, `${log.call}.session`), `${SESSION}\n`);
  }
  return sizes;
}

function request(call: string, offset: number) {
  return {
    op: "poll",
    args: { harness: "claude", offset },
    run_id: RUN_ID,
    agent_id: AGENT_ID,
    call_id: call,
    cwd: "repos/app",
    max_bytes: 8192,
  };
}

async function pollInProcess(call: string, offset: number): Promise<PollMeta> {
  const parsed = HelperRequest.parse(request(call, offset));
  const result = await poll(
    parsed.args,
    createContext(parsed, helperEnvironment, [process.execPath, HELPER]),
  );
  return result.meta as PollMeta;
}

function pollOneShot(call: string, offset: number, preload: string[] = []): Promise<PollMeta> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...preload, HELPER, encodeBase64Json(request(call, offset))],
      { env: helperEnvironment },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${error.message}\n${stderr}`));
        const envelope = Envelope.parse(decodeBase64Json(stdout));
        if (!envelope.ok) return reject(new Error(`${envelope.error.code}: ${envelope.error.message}`));
        resolve(envelope.meta as PollMeta);
      },
    );
  });
}

/** Untimed: the one-shot helper's VmHWM, read from /proc/self/status as it exits. */
async function pollPeakRssMib(call: string, offset: number): Promise<number> {
  const probe = path.join(root, `${call}.probe.mjs`);
  const out = path.join(root, `${call}.hwm`);
  writeFileSync(
    probe,
    `import { readFileSync, writeFileSync } from "node:fs";
process.on("exit", () => writeFileSync(${JSON.stringify(out)}, /^VmHWM:\\s+(\\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? ""));`,
  );
  await pollOneShot(call, offset, ["--import", probe]);
  return round3(Number(readFileSync(out, "utf8")) / 1024);
}

/** Every poll must do the same work: the same lines, the whole window read, the CLI still running. */
function checkPoll(meta: PollMeta, expected: PollMeta, size: number): void {
  if (meta.state !== "running" || meta.offset !== size || meta.session_id !== SESSION) {
    throw new Error(
      `unexpected poll: ${meta.state}, offset ${meta.offset} of ${size}, session ${meta.session_id}`,
    );
  }
  if (
    meta.lines.length !== TASK_PROGRESS_LINES_MAX ||
    JSON.stringify(meta.lines) !== JSON.stringify(expected.lines)
  ) {
    throw new Error(`the polls returned different lines: ${meta.lines.slice(0, 2).join(" | ")}`);
  }
}
