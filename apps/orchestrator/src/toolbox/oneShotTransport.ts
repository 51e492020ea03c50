import path from "node:path";
import { encodeBase64Json } from "@guilds/protocol/base64Json";
import type { Envelope } from "@guilds/protocol/envelope";
import type { HelperRequest } from "@guilds/protocol/helperRequest";
import {
  REQUEST_INLINE_MAX_BYTES,
  HELPER_STDERR_TAIL_BYTES as STDERR_TAIL_BYTES,
} from "@guilds/protocol/limits";
import { requestFileName } from "@guilds/protocol/runtimePaths";
import { killUnlessExited, sendSignal, stopProcess } from "@guilds/runtime/exitingProcessStop";
import type { Machine, MachineProcess } from "../machines/machine.ts";
import { CappedBuffer, collectInto, TailBuffer } from "./boundedOutput.ts";
import { answerMaxBytes, parseEnvelopeText } from "./envelopeText.ts";
import { describeExit, helperCancelled, helperFailed, helperTimedOut } from "./helperFailure.ts";
import { withEnvironmentFile } from "./requestEnvironmentFile.ts";

export interface OneShotOptions {
  /** The argv prefix of guilds-code inside the machine. */
  helperCommand: string[];
  /** Who fails, in a failure's message: guilds-code (default) or guilds-harness. */
  helperName?: string;
  deadlineMs: number;
  /** Between SIGTERM and SIGKILL for a helper stopped at its deadline. */
  killGraceMs: number;
  /** After a cancel's SIGTERM, how long the helper has to print its envelope. */
  cancelWaitMs: number;
  signal?: AbortSignal;
}

/**
 * The page's transport: one helper process per call, the request as base64 JSON on its command line
 * (or in a request file past 64 KiB, which the helper reads and deletes), one envelope on stdout.
 * The request's secrets are never on the command line: they travel in its env_file.
 *
 * A cancel sends the helper SIGTERM: it stops its foreground command as the command's timeout would
 * and still prints its envelope, which is returned. At the deadline the helper gets SIGTERM, then
 * SIGKILL after the grace. Either way the call returns only once the helper is gone, so its command
 * never outlives it. Throws GuildsError helper.failed / helper.timeout / helper.cancelled.
 */
export async function runOneShot(
  machine: Machine,
  request: HelperRequest,
  options: OneShotOptions,
): Promise<Envelope> {
  if (options.signal?.aborted) throw helperCancelled(request.op);
  const helperName = options.helperName ?? "guilds-code";
  const argv = [...options.helperCommand, ...(await requestArguments(machine, request))];
  if (options.signal?.aborted) throw helperCancelled(request.op);
  const stdout = new CappedBuffer(answerMaxBytes(request.max_bytes));
  const stderr = new TailBuffer(STDERR_TAIL_BYTES);
  let helper: MachineProcess;
  try {
    helper = machine.exec({ argv, env: { ...machine.baseEnv } });
  } catch (caught) {
    const reason = caught instanceof Error ? caught.message : String(caught);
    throw helperFailed(`could not be started (${reason})`, stderr, helperName);
  }
  collectInto(helper.stdout, stdout);
  collectInto(helper.stderr, stderr);
  const printed = () => (stdout.overflowed ? undefined : parseEnvelopeText(stdout.text()));

  const ending = await firstEnding(helper, options.deadlineMs, options.signal);
  if (ending === "deadline") {
    await stopProcess(helper, options.killGraceMs);
    throw helperTimedOut(request.op, options.deadlineMs, stderr, helperName);
  }
  if (ending === "cancelled") {
    sendSignal(helper, "SIGTERM");
    const answered = await killUnlessExited(helper, options.cancelWaitMs);
    const envelope = answered ? printed() : undefined;
    if (envelope) return envelope;
    throw helperCancelled(request.op);
  }
  // Rejects when the machine lost the process.
  const exit = await helper.exit;
  const envelope = printed();
  if (envelope) return envelope;
  const what =
    stdout.text().trim() === "" ? "printed no envelope" : "printed something that is not an envelope";
  throw helperFailed(`${describeExit(exit)} and ${what}`, stderr, helperName);
}

type HelperEnding = "exited" | "deadline" | "cancelled";

/** What comes first: the helper's exit (or its loss), the deadline, or the caller's cancel. */
function firstEnding(
  helper: MachineProcess,
  deadlineMs: number,
  cancel?: AbortSignal,
): Promise<HelperEnding> {
  return new Promise((resolve) => {
    const finish = (ending: HelperEnding) => {
      clearTimeout(timer);
      cancel?.removeEventListener("abort", onCancel);
      resolve(ending);
    };
    const timer = setTimeout(() => finish("deadline"), deadlineMs);
    const onCancel = () => finish("cancelled");
    cancel?.addEventListener("abort", onCancel, { once: true });
    helper.exit.then(
      () => finish("exited"),
      () => finish("exited"),
    );
  });
}

/** The helper's arguments: the encoded request inline, or the request file it reads and deletes. */
async function requestArguments(machine: Machine, request: HelperRequest): Promise<string[]> {
  const carried = await withEnvironmentFile(machine, request);
  const encoded = encodeBase64Json(carried);
  if (encoded.length <= REQUEST_INLINE_MAX_BYTES) return [encoded];
  const file = path.posix.join(machine.runtimeDir, requestFileName(request.run_id, request.call_id));
  await machine.writeFile(file, JSON.stringify(carried), 0o600);
  return ["--request-file", file];
}
