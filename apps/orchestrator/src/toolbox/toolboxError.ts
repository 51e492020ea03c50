/**
 * Our own faults around a tool call, as opposed to outcomes the model reads (a failed command, a
 * missing file), which are results. Each code is stable; each message says how to fix the fault.
 */
export type ToolboxErrorCode =
  /** The helper printed no envelope: it crashed, printed garbage, or was killed. */
  | "helper.failed"
  /** The helper gave no answer within its deadline and was stopped. */
  | "helper.timeout"
  /** The call was cancelled by its caller and the helper was stopped. */
  | "helper.cancelled"
  /** The machine ended under the call by itself (past its disk limit, its sandbox died). */
  | "machine.stopped"
  /** The toolbox built a request the protocol refuses (a run, agent or call id it cannot carry). */
  | "request.invalid"
  /** A setting from the environment (CODE_RESULT_MAX_BYTES, ...) is out of range. */
  | "config.invalid";

export class ToolboxError extends Error {
  override readonly name = "ToolboxError";

  constructor(
    readonly code: ToolboxErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
