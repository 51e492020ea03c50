import { AppError } from "../errors.ts";

/**
 * Our own faults around a model call, as opposed to what the model says or asks for. Each code is
 * stable; each message says how to fix the fault (which key to set, which URL to check).
 */
export type ProviderErrorCode =
  /** The server refused the key (HTTP 401/403), or no key is configured. */
  | "provider.auth"
  /** No answer from the server: connection refused, DNS, reset, timeout. */
  | "provider.unreachable"
  /** HTTP 429: the key's rate or quota is exhausted (retried once before this is reported). */
  | "provider.rate_limited"
  /** The server refused the request itself (HTTP 400/404/413/422): unknown model, prompt too long. */
  | "provider.rejected"
  /** The server failed (HTTP 5xx, overloaded) or its stream broke off. */
  | "provider.error"
  /** The caller aborted the generation. */
  | "provider.cancelled"
  /** The model config or script is invalid; found before any call. */
  | "provider.config";

/** A provider fault: an AppError, so the API answers it like any other (400 for a bad config). */
export class ProviderError extends AppError {
  constructor(
    override readonly code: ProviderErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, { status: code === "provider.config" ? 400 : 502, cause: options?.cause });
  }
}
