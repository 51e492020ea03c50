import { REDACTED_MARKER } from "../../src/pipeline/redactor.ts";
import { secretForms } from "../../src/pipeline/secretForms.ts";

/**
 * The reference the automaton is checked against: every occurrence of every form found with
 * indexOf, each maximal stretch of covered text replaced by one marker. Quadratic, for tests only.
 */
export function naiveRedact(text: string, secretValues: readonly string[]): string {
  const covered = new Uint8Array(text.length);
  for (const form of secretValues.flatMap(secretForms)) {
    for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
      covered.fill(1, at, at + form.length);
    }
  }
  let out = "";
  for (let index = 0; index < text.length; index += 1) {
    if (covered[index] === 0) out += text[index];
    else if (index === 0 || covered[index - 1] === 0) out += REDACTED_MARKER;
  }
  return out;
}

/** `length` characters drawn from `alphabet` (by code point). */
export function randomText(random: () => number, alphabet: string, length: number): string {
  const characters = [...alphabet];
  let text = "";
  for (let index = 0; index < length; index += 1) {
    text += characters[Math.floor(random() * characters.length)] ?? "";
  }
  return text;
}
