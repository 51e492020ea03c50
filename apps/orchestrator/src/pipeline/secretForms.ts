/**
 * A secret value shorter than this, in characters once trimmed, is not redacted. Redacting a
 * value like "1" or "dev" would shred every result (each digit, each word holding it) while
 * hiding nothing an attacker could not guess; such values are not secrets in any useful sense.
 */
export const SECRET_MIN_LENGTH = 4;

/**
 * The forms in which a secret value can reach a text: as it is, trimmed (a value pasted with a
 * trailing newline is printed without it), and escaped inside a JSON string, both the way
 * JSON.stringify writes it and with every non-ASCII character as \uXXXX (Python's json, and
 * others). No form for a value shorter than SECRET_MIN_LENGTH.
 */
export function secretForms(value: string): string[] {
  const trimmed = value.trim();
  if (characterCount(trimmed) < SECRET_MIN_LENGTH) return [];
  const forms = new Set<string>();
  for (const form of [value, trimmed]) {
    forms.add(form);
    forms.add(jsonEscaped(form));
    forms.add(asciiJsonEscaped(form));
  }
  return [...forms];
}

/** The text between the quotes of the JSON string holding `value`. */
export function jsonEscaped(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/** The same with every code unit past ASCII written \uXXXX (lowercase hex). */
export function asciiJsonEscaped(value: string): string {
  return jsonEscaped(value).replace(
    /[^\x00-\x7f]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function characterCount(text: string): number {
  let count = 0;
  for (const _character of text) count += 1;
  return count;
}
