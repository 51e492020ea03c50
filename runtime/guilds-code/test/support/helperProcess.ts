import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import { Envelope } from "@guilds/protocol/envelope";
import type { HelperRequestInput } from "@guilds/protocol/helperRequest";
import type { HelperHome } from "./helperFixture.ts";
import { HELPER, RG_DIR } from "./helperPaths.ts";

/** What a helper process needs of the fixture's home. */
type ServedHome = Pick<HelperHome, "home" | "runtimeDir">;

/** The helper's own environment, as the fixture gives it. */
function helperEnvironment(helper: ServedHome): Record<string, string> {
  return {
    HOME: helper.home,
    GUILDS_RUNTIME_DIR: helper.runtimeDir,
    PATH: `${RG_DIR}:/usr/local/bin:/usr/bin:/bin`,
    LANG: "C.UTF-8",
  };
}

let requestCounter = 0;

export function encodedRequest(op: string, args: unknown, request: Partial<HelperRequestInput> = {}): string {
  requestCounter += 1;
  return encodeBase64Json({
    op,
    args,
    run_id: "run1",
    agent_id: "agent1",
    call_id: `p${requestCounter}`,
    cwd: "",
    max_bytes: 8192,
    ...request,
  });
}

export interface HelperExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** On 'close', so that everything it printed has been read. */
function exitOf(child: ChildProcess): Promise<HelperExit> {
  return new Promise((resolve) => child.once("close", (code, signal) => resolve({ code, signal })));
}

export interface OneShotHelper {
  process: ChildProcess;
  /** The envelope it printed, once it has exited. */
  envelope: Promise<Envelope>;
  exit: Promise<HelperExit>;
}

/** One helper process for one call, kept in hand so that a test can signal it. */
export function startOneShot(helper: HelperHome, op: string, args: unknown): OneShotHelper {
  const child = spawn(process.execPath, [HELPER, encodedRequest(op, args)], {
    env: helperEnvironment(helper),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const chunks: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
  const exit = exitOf(child);
  const envelope = exit.then(() => Envelope.parse(decodeBase64Json(Buffer.concat(chunks).toString("utf8"))));
  return { process: child, envelope, exit };
}

export interface ServeHelper {
  process: ChildProcess;
  /** Sends a request under `id`. */
  send(id: string, op: string, args: unknown): void;
  /** Sends a raw line (a newline is added). */
  sendLine(line: string): void;
  /** The envelope answered for `id`. */
  answer(id: string): Promise<Envelope>;
  /** Ids in the order they were answered. */
  answeredIds(): string[];
  exit: Promise<HelperExit>;
}

/** `guilds-code serve` (with `options`, such as its --socket), its lines written and read by the test. */
export function startServe(helper: ServedHome, options: string[] = []): ServeHelper {
  const child = spawn(process.execPath, [HELPER, "serve", ...options], {
    env: helperEnvironment(helper),
    stdio: ["pipe", "pipe", "inherit"],
  });
  const answers = new Map<string, Envelope>();
  const order: string[] = [];
  let buffered = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    for (let newline = buffered.indexOf("\n"); newline !== -1; newline = buffered.indexOf("\n")) {
      const [id = "", encoded = ""] = buffered.slice(0, newline).split(" ");
      buffered = buffered.slice(newline + 1);
      answers.set(id, Envelope.parse(decodeBase64Json(encoded)));
      order.push(id);
    }
  });
  let closed = false;
  const exit = exitOf(child).then((status) => {
    closed = true;
    return status;
  });
  const sendLine = (line: string) => child.stdin?.write(`${line}\n`);
  return {
    process: child,
    send: (id, op, args) => sendLine(`${id} ${encodedRequest(op, args)}`),
    sendLine,
    async answer(id) {
      for (;;) {
        const envelope = answers.get(id);
        if (envelope) return envelope;
        if (closed) throw new Error(`serve exited without answering ${id}`);
        await sleep(20);
      }
    },
    answeredIds: () => [...order],
    exit,
  };
}

/** The pid a command wrote to `file` in the home ("echo $$ > file"), once it is there. */
export async function pidWrittenTo(helper: HelperHome, file: string): Promise<number> {
  const full = path.join(helper.home, file);
  for (let attempt = 0; attempt < 250; attempt += 1) {
    const text = existsSync(full) ? readFileSync(full, "utf8").trim() : "";
    if (/^\d+$/.test(text)) return Number(text);
    await sleep(20);
  }
  throw new Error(`no pid was written to ${file}`);
}

export const CANCEL_TRAILER = "[cancelled; the command was stopped]";

/**
 * A cancelled command's result as lines, bash's own "Terminated" left out: bash prints it when it
 * sees its child killed before it handles the same SIGTERM itself, which is a race.
 */
export function cancelledResultLines(text: string): string[] {
  return text.split("\n").filter((line) => line !== "Terminated");
}
