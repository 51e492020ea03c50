import { AppError } from "../errors.ts";

/** The JSON body of every failed API answer. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

/** A request the client must fix: 400 with `code` and a message that says how. */
export function badRequest(code: string, message: string): AppError {
  return new AppError(code, message, { status: 400 });
}
