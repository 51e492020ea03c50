import { decodeBase64Json } from "@guilds/protocol/base64Json";
import { Envelope } from "@guilds/protocol/envelope";

/** Reads one base64 JSON envelope; undefined when the text is anything else. */
export function parseEnvelopeText(text: string): Envelope | undefined {
  let decoded: unknown;
  try {
    decoded = decodeBase64Json(text);
  } catch {
    return undefined;
  }
  const parsed = Envelope.safeParse(decoded);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The most bytes a helper's answer may take: the text is already shaped to max_bytes, so anything
 * much longer (base64 adds a third, meta is small) is a broken helper, not a result to keep.
 */
export function answerMaxBytes(maxBytes: number): number {
  return 1024 * 1024 + 4 * maxBytes;
}
