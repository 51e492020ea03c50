import path from "node:path";
import { encodeBase64Json } from "@guilds/protocol/base64Json";
import type { Envelope } from "@guilds/protocol/envelope";
import type { HelperRequest } from "@guilds/protocol/helperRequest";
import { REQUEST_INLINE_MAX_BYTES } from "@guilds/protocol/limits";
import { requestFileName } from "@guilds/protocol/runtimePaths";
import type { Machine, MachineProcess } from "../machines/machine.ts";
import { CappedBuffer, collectInto, TailBuffer } from "./boundedOutput.ts";
import { answerMaxBytes, parseEnvelopeText } from "./envelopeText.ts";
import { describeExit, helperCancelled, helperFailed, helperTimedOut } from "./helperFailure.ts";
import { STDERR_TAIL_BYTES, stopProcess } from "./stopProcess.ts";

export interface OneShotOptions {
  /** The argv prefix of guilds-code inside the machine. */
  helperCommand: string[];
  deadlineMs: number;
  killGraceMs: number;
  signal?: AbortSignal;
}

/**
 * The page's transport: one helper process per call, the request as base64 JSON on its command line
 * (or in a request file past 64 KiB, which the helper reads and deletes), one envelope on stdout.
 * Throws ToolboxError helper.failed / helper.timeout / helper.cancelled; never hangs past the deadline.
 */
export async function runOneShot(
  machine: Machine,
  request: HelperRequest,
  options: OneShotOptions,
): Promise<Envelope> {
  if (options.signal?.aborted) throw helperCancelled(request.op);
  const argv = [...options.helperCommand, ...(await requestArguments(machine, request))];
  const stdout = new CappedBuffer(answerMaxBytes(request.max_bytes));
  const stderr = new TailBuffer(STDERR_TAIL_BYTES);
  let helper: MachineProcess;
  try {
    helper = machine.exec({ argv, env: { ...machine.baseEnv } });
  } catch (caught) {
    const reason = caught instanceof Error ? caught.message : String(caught);
    throw helperFailed(`could not be started (${reason})`, stderr);
  }
  collectInto(helper.stdout, stdout);
  collectInto(helper.stderr, stderr);

  let stopTimer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    stopTimer = setTimeout(() => {
      stopProcess(helper, options.killGraceMs);
      reject(helperTimedOut(request.op, options.deadlineMs, stderr));
    }, options.deadlineMs);
    onAbort = () => {
      stopProcess(helper, options.killGraceMs);
      reject(helperCancelled(request.op));
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    const exit = await Promise.race([helper.exit, stopped]);
    const envelope = stdout.overflowed ? undefined : parseEnvelopeText(stdout.text());
    if (envelope) return envelope;
    const printed =
      stdout.text().trim() === "" ? "printed no envelope" : "printed something that is not an envelope";
    throw helperFailed(`${describeExit(exit)} and ${printed}`, stderr);
  } finally {
    clearTimeout(stopTimer);
    if (onAbort) options.signal?.removeEventListener("abort", onAbort);
  }
}

/** The helper's arguments: the encoded request inline, or the request file it reads and deletes. */
async function requestArguments(machine: Machine, request: HelperRequest): Promise<string[]> {
  const encoded = encodeBase64Json(request);
  if (encoded.length <= REQUEST_INLINE_MAX_BYTES) return [encoded];
  const file = path.posix.join(machine.runtimeDir, requestFileName(request.run_id, request.call_id));
  await machine.writeFile(file, JSON.stringify(request), 0o600);
  return ["--request-file", file];
}
