import { PassThrough } from "node:stream";
import type { GuildsError } from "../../errors.ts";
import type { MachineProcess } from "../machine.ts";

/** A process that never started: empty output, and its exit rejects with the reason. */
export function failedProcess(error: GuildsError): MachineProcess {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.end();
  stderr.end();
  const exit = Promise.reject(error);
  // A caller that only reads the streams must not crash the server with an unhandled rejection.
  exit.catch(() => {});
  return { stdin: null, stdout, stderr, exit, kill() {} };
}
