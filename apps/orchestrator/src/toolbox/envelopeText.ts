import { decodeBase64Json } from "@guilds/protocol/base64Json";
import type { Envelope } from "@guilds/protocol/envelope";

/**
 * Reads one base64 JSON envelope; undefined when the text is anything else. Every call's answer
 * passes here, so the shape is checked by hand rather than by the protocol's zod schema (a tenth of
 * a call's transport CPU): the same rules, and like the schema it keeps only the envelope's fields.
 */
export function parseEnvelopeText(text: string): Envelope | undefined {
  let decoded: unknown;
  try {
    decoded = decodeBase64Json(text);
  } catch {
    return undefined;
  }
  return envelopeOf(decoded);
}

function envelopeOf(value: unknown): Envelope | undefined {
  if (!isPlainRecord(value)) return undefined;
  if (value.ok === true) {
    const { text, meta } = value;
    return typeof text === "string" && isPlainRecord(meta) ? { ok: true, text, meta } : undefined;
  }
  if (value.ok === false && isPlainRecord(value.error)) {
    const { code, message } = value.error;
    return typeof code === "string" && typeof message === "string"
      ? { ok: false, error: { code, message } }
      : undefined;
  }
  return undefined;
}

/** What JSON.parse makes of an object: not null, not an array. */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The most bytes a helper's answer may take: the text is already shaped to max_bytes, so anything
 * much longer (base64 adds a third, meta is small) is a broken helper, not a result to keep.
 */
export function answerMaxBytes(maxBytes: number): number {
  return 1024 * 1024 + 4 * maxBytes;
}
