/** Retries of a failed request (429, 5xx, network) before it is reported: low, so no retry storm. */
export const MODEL_CALL_MAX_RETRIES = 1;

/**
 * A stream that sends nothing for this long has stalled and fails with provider.error, rather than
 * hold its run forever. Generous: a reasoning model or a local server reading a long prompt can be
 * silent for minutes.
 */
export const MODEL_STREAM_IDLE_TIMEOUT_MS = 10 * 60_000;

/** How providers are made, besides each agent's config. */
export interface ModelProviderOptions {
  /**
   * Where a key the config does not carry is looked up (ANTHROPIC_API_KEY, OPENAI_API_KEY);
   * default the server's environment.
   */
  environment?: Readonly<Record<string, string | undefined>>;
  /** Default MODEL_CALL_MAX_RETRIES. */
  maxRetries?: number;
  /** Default MODEL_STREAM_IDLE_TIMEOUT_MS. */
  idleTimeoutMs?: number;
}

export interface ResolvedProviderOptions {
  environment: Readonly<Record<string, string | undefined>>;
  maxRetries: number;
  idleTimeoutMs: number;
}

export function resolveProviderOptions(options: ModelProviderOptions = {}): ResolvedProviderOptions {
  return {
    environment: options.environment ?? process.env,
    maxRetries: options.maxRetries ?? MODEL_CALL_MAX_RETRIES,
    idleTimeoutMs: options.idleTimeoutMs ?? MODEL_STREAM_IDLE_TIMEOUT_MS,
  };
}

/** The endpoint for messages: the URL without user and password, which may hold credentials. */
export function describeEndpoint(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.username = "";
  url.password = "";
  return url.toString().replace(/\/$/, "");
}
