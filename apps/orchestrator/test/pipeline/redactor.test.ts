import { describe, expect, test } from "vitest";
import { createRedactor, REDACTED_MARKER } from "../../src/pipeline/redactor.ts";
import { buildSecretAutomaton, FAR_STATE } from "../../src/pipeline/secretAutomaton.ts";
import { SECRET_MIN_LENGTH, secretForms } from "../../src/pipeline/secretForms.ts";
import { seededRandom } from "../support/seededRandom.ts";
import { naiveRedact, randomText } from "./naiveRedaction.ts";

describe("createRedactor", () => {
  test("the marker is [redacted] and the minimum length is 4 characters", () => {
    expect(REDACTED_MARKER).toBe("[redacted]");
    expect(SECRET_MIN_LENGTH).toBe(4);
  });

  test("replaces every occurrence of every value", () => {
    const redactor = createRedactor(["s3cret-value", "ghp_token1234"]);
    expect(redactor.redact("a s3cret-value b ghp_token1234 c s3cret-value")).toBe(
      "a [redacted] b [redacted] c [redacted]",
    );
  });

  test("gives back the very same string when nothing matches, and with no secrets at all", () => {
    const text = "nothing to hide here";
    expect(createRedactor(["s3cret-value"]).redact(text)).toBe(text);
    const none = createRedactor([]);
    expect(none.hasSecrets).toBe(false);
    expect(none.redact(text)).toBe(text);
  });

  test("ignores values shorter than 4 characters once trimmed, so a PORT of 1 redacts nothing", () => {
    const redactor = createRedactor(["1", "abc", "  ab \n", "abcd"]);
    expect(redactor.redact("1 abc ab abcd")).toBe("1 abc ab [redacted]");
    expect(createRedactor(["1", "abc"]).hasSecrets).toBe(false);
    // Four characters, not four code units: an emoji is one.
    expect(createRedactor(["a😀b"]).hasSecrets).toBe(false);
    expect(createRedactor(["a😀bc"]).redact("x a😀bc y")).toBe("x [redacted] y");
  });

  test("a value pasted with a trailing newline is also found without it", () => {
    const redactor = createRedactor(["tok-12345\n"]);
    expect(redactor.redact("echo tok-12345 done")).toBe("echo [redacted] done");
    expect(redactor.redact("line tok-12345\nnext")).toBe("line [redacted]next");
  });

  test("a value nested in a longer one: the longer is covered whole", () => {
    const redactor = createRedactor(["abcd", "xxabcdyy"]);
    expect(redactor.redact("<xxabcdyy> <abcd>")).toBe("<[redacted]> <[redacted]>");
    expect(createRedactor(["bcde", "abcdefgh"]).redact("-abcdefgh-")).toBe("-[redacted]-");
  });

  test("overlapping values are covered as their union: no tail of either is shown", () => {
    const redactor = createRedactor(["abcdef", "defghi"]);
    expect(redactor.redact("..abcdefghi..")).toBe("..[redacted]..");
    expect(redactor.redact("..defghiabcdef..")).toBe("..[redacted]..");
    // A later, longer match reaching back over two earlier stretches merges them all.
    const reaching = createRedactor(["bcde", "ghij", "abcdefghijk"]);
    expect(reaching.redact("abcdefghijk")).toBe("[redacted]");
    expect(reaching.redact("bcde-ghij")).toBe("[redacted]-[redacted]");
  });

  test("adjacent occurrences become one marker", () => {
    expect(createRedactor(["tok1", "tok2"]).redact("tok1tok2tok1 tok2")).toBe("[redacted] [redacted]");
  });

  test("self-overlapping occurrences (aaaa in aaaaaa) are covered whole", () => {
    expect(createRedactor(["aaaa"]).redact("baaaaaab")).toBe("b[redacted]b");
    expect(createRedactor(["abab"]).redact("abababa")).toBe("[redacted]a");
  });

  test("unicode values: accents, CJK, emoji (surrogate pairs), combining marks", () => {
    const values = ["pässwörd", "秘密の鍵です", "key😀🔑end", "e\u0301te\u0301"];
    const redactor = createRedactor(values);
    expect(redactor.redact("a pässwörd b 秘密の鍵です c key😀🔑end d e\u0301te\u0301")).toBe(
      "a [redacted] b [redacted] c [redacted] d [redacted]",
    );
    // The precomposed é is another string: it is not the secret's text.
    expect(redactor.redact("\u00e9t\u00e9")).toBe("\u00e9t\u00e9");
  });

  test("the JSON-escaped forms are found in any text, both escapings", () => {
    const value = 'pa"ss\\wo\nrd-é';
    expect(secretForms(value)).toEqual([value, 'pa\\"ss\\\\wo\\nrd-é', 'pa\\"ss\\\\wo\\nrd-\\u00e9']);
    const redactor = createRedactor([value]);
    expect(redactor.redact('{"v":"pa\\"ss\\\\wo\\nrd-é"}')).toBe('{"v":"[redacted]"}');
    expect(redactor.redact('{"v": "pa\\"ss\\\\wo\\nrd-\\u00e9"}')).toBe('{"v": "[redacted]"}');
    expect(redactor.redact(`raw: ${value}.`)).toBe("raw: [redacted].");
  });

  test("an astral character is escaped as its two surrogates", () => {
    const redactor = createRedactor(["key😀end"]);
    expect(redactor.redact('"key\\ud83d\\ude00end"')).toBe('"[redacted]"');
  });

  test("1,000 secrets: every one found, in one pass, as the naive reference finds them", () => {
    const random = seededRandom(7);
    const alphabet = "ABCDEFabcdef0123456789_-";
    const secrets = Array.from({ length: 1000 }, (_, index) =>
      randomText(random, alphabet, 4 + (index % 37)),
    );
    const redactor = createRedactor(secrets);
    const pieces: string[] = [];
    for (const secret of secrets) pieces.push(randomText(random, alphabet, 30), secret);
    const text = pieces.join(" ");
    const redacted = redactor.redact(text);
    for (const secret of secrets) expect(redacted.includes(secret)).toBe(false);
    expect(redacted).toBe(naiveRedact(text, secrets));
  });

  test("random texts over a tiny alphabet, full of overlaps, match the naive reference", () => {
    const random = seededRandom(11);
    for (let round = 0; round < 300; round += 1) {
      const secrets = Array.from({ length: 1 + Math.floor(random() * 6) }, () =>
        randomText(random, "ab😀", 4 + Math.floor(random() * 4)),
      );
      const text = randomText(random, "ab😀 ", Math.floor(random() * 80));
      expect(createRedactor(secrets).redact(text), JSON.stringify({ secrets, text })).toBe(
        naiveRedact(text, secrets),
      );
    }
  });

  test("a value longer than the dense rows reach (a private key) is still found", () => {
    const random = seededRandom(3);
    const key = `-----BEGIN KEY-----\n${randomText(random, "ABCDEFGHIJKLMNOP+/=\n", 5000)}\n-----END KEY-----`;
    const others = Array.from({ length: 400 }, () => randomText(random, "ABCDEFGHIJKLMNOP+/=", 300));
    const redactor = createRedactor([key, ...others]);
    expect(redactor.redact(`cat id: ${key} done`)).toBe("cat id: [redacted] done");
    // A long near miss: the key's text but its last character.
    const nearMiss = key.slice(0, -1);
    expect(redactor.redact(nearMiss)).toBe(naiveRedact(nearMiss, [key, ...others]));
  });

  test("more than 65,535 states: transitions too far for a 16-bit entry are still followed", () => {
    const random = seededRandom(13);
    const secrets = Array.from({ length: 2000 }, () => randomText(random, "abcd", 60));
    const automaton = buildSecretAutomaton(secrets);
    expect(automaton.symbol.length).toBeGreaterThan(65_535);
    expect(automaton.dense.includes(FAR_STATE)).toBe(true);
    const pieces: string[] = [];
    for (const secret of secrets.slice(0, 300)) {
      // The secret whole, then a near miss that leaves the automaton deep on a far state.
      pieces.push(randomText(random, "abcd", 20), secret, secret.slice(0, 50), randomText(random, "abcd", 5));
    }
    const text = pieces.join("");
    expect(createRedactor(secrets).redact(text)).toBe(naiveRedact(text, secrets));
  });
});
