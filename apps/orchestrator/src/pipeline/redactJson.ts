import type { Redactor } from "./redactor.ts";

/**
 * A copy of a JSON value (an API answer, an SSE payload, a stored record) with every string
 * redacted, object keys included, and every number whose digits hold a secret turned into the
 * marker (a string then: hiding the value wins over keeping its type). It walks the value as
 * JSON.stringify would (toJSON first, own enumerable keys), and gives back the same object wherever
 * nothing changed. Redacting before serializing is the way for values the server builds itself.
 */
export function redactJsonValue<T>(value: T, redactor: Redactor): T {
  if (!redactor.hasSecrets) return value;
  // The walk keeps the value's shape, but for a number holding a secret, which becomes a string.
  return redactUnknown(value, redactor) as T;
}

/**
 * Serialized JSON redacted as text: the redactor also matches each value's JSON-escaped forms, so
 * a secret holding quotes, backslashes, newlines or non-ASCII characters is found as it is written
 * there. Valid JSON stays valid: should a replacement break the syntax (a value ending in a
 * backslash that matches the start of an escape like \", a numeric secret), the text is parsed,
 * redacted value by value and serialized again, compactly. A secret only found across the syntax
 * (a value spanning a string's closing quote) is not in any of the document's values, and stays.
 */
export function redactJsonText(text: string, redactor: Redactor): string {
  const redacted = redactor.redact(text);
  if (redacted === text || isJson(redacted)) return redacted;
  const parsed = parseJson(text);
  if (!parsed.ok) return redacted;
  return JSON.stringify(redactJsonValue(parsed.value, redactor));
}

function redactUnknown(value: unknown, redactor: Redactor): unknown {
  if (typeof value === "string") return redactor.redact(value);
  if (typeof value === "number") {
    const digits = String(value);
    const redacted = redactor.redact(digits);
    return redacted === digits ? value : redacted;
  }
  if (typeof value !== "object" || value === null) return value;
  if (hasToJson(value)) return redactUnknown(value.toJSON(), redactor);
  if (Array.isArray(value)) {
    const items = value.map((item) => redactUnknown(item, redactor));
    return items.every((item, index) => item === value[index]) ? value : items;
  }
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const redactedKey = redactor.redact(key);
    const redactedItem = redactUnknown(item, redactor);
    changed ||= redactedKey !== key || redactedItem !== item;
    return [redactedKey, redactedItem] as const;
  });
  // fromEntries defines each key, "__proto__" (which JSON.parse can give) included, as data.
  return changed ? Object.fromEntries(entries) : value;
}

function hasToJson(value: object): value is { toJSON(): unknown } {
  return "toJSON" in value && typeof value.toJSON === "function";
}

function isJson(text: string): boolean {
  return parseJson(text).ok;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
