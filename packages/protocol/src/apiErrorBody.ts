import { z } from "zod";
import type { ErrorCode } from "./errorCodes.ts";

/**
 * The JSON body of every failed API answer: its stable code and a message saying how to fix the
 * fault. The server sends a code of the one table (errorCodes.ts); a client reads any string, so
 * that the code of a newer server still reaches the operator as it came.
 * @example ApiErrorBody.parse({ error: { code: "run.not_found", message: "No run r1." } })
 */
export const ApiErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});

/** The body as the server sends it. */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string };
}

/**
 * A code as a client received it: one of the table's, which `isErrorCode` narrows it to, or one
 * this client does not know, kept as it came.
 */
export type ReceivedErrorCode = ErrorCode | (string & NonNullable<unknown>);
