import type { ErrorCode } from "@guilds/protocol/errorCodes";
import { GuildsError } from "../errors.ts";

/** The JSON body of every failed API answer. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

/** A request the client must fix: 400 with `code` and a message that says how. */
export function badRequest(code: ErrorCode, message: string): GuildsError {
  return new GuildsError(code, message);
}
