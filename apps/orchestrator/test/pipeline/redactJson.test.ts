import { describe, expect, test } from "vitest";
import { redactJsonText, redactJsonValue } from "../../src/pipeline/redactJson.ts";
import { createRedactor } from "../../src/pipeline/redactor.ts";

const secret = "tok-7f3a9c";
const redactor = createRedactor([secret]);

describe("redactJsonValue", () => {
  test("redacts every string, nested, object keys included", () => {
    const value = {
      text: `token is ${secret}`,
      list: [1, true, null, secret, { [secret]: "key", deep: [[`x${secret}x`]] }],
      count: 3,
    };
    expect(redactJsonValue(value, redactor)).toEqual({
      text: "token is [redacted]",
      list: [1, true, null, "[redacted]", { "[redacted]": "key", deep: [["x[redacted]x"]] }],
      count: 3,
    });
    expect(value.text).toBe(`token is ${secret}`);
  });

  test("gives back the same objects where nothing changed", () => {
    const untouched = { a: ["x", { b: "y" }] };
    const value = { untouched, changed: secret };
    const redacted = redactJsonValue(value, redactor);
    expect(redacted).not.toBe(value);
    expect(redacted.untouched).toBe(untouched);
    const clean = { a: 1, b: ["c"] };
    expect(redactJsonValue(clean, redactor)).toBe(clean);
  });

  test("a __proto__ key from JSON.parse stays a plain key", () => {
    const parsed: unknown = JSON.parse(`{"__proto__": {"x": "${secret}"}, "a": 1}`);
    const redacted = redactJsonValue(parsed, redactor);
    expect(JSON.stringify(redacted)).toBe('{"__proto__":{"x":"[redacted]"},"a":1}');
    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype);
  });

  test("walks a value as JSON.stringify does: toJSON first", () => {
    const value = { when: new Date(0), custom: { toJSON: () => ({ hidden: secret }) } };
    expect(JSON.stringify(redactJsonValue(value, redactor))).toBe(
      '{"when":"1970-01-01T00:00:00.000Z","custom":{"hidden":"[redacted]"}}',
    );
  });

  test("a string holding serialized JSON with an escaped secret is redacted too", () => {
    const quoted = createRedactor(['pa"ss-word']);
    const inner = JSON.stringify({ password: 'pa"ss-word' });
    expect(redactJsonValue({ body: inner }, quoted)).toEqual({ body: '{"password":"[redacted]"}' });
  });
});

describe("redactJsonText", () => {
  const awkward = ['quo"te-1', "back\\slash", "new\nline", "ünïcødé-1", "emoji-😀-1", "tab\there"];

  test("finds each awkward secret in JSON.stringify's text, and the result still parses", () => {
    const awkwardRedactor = createRedactor(awkward);
    const text = JSON.stringify({ values: awkward, note: `${awkward[0]} and ${awkward[2]}` });
    const redacted = redactJsonText(text, awkwardRedactor);
    expect(JSON.parse(redacted)).toEqual({
      values: Array(awkward.length).fill("[redacted]"),
      note: "[redacted] and [redacted]",
    });
  });

  test("finds them in ASCII-only JSON (\\uXXXX escapes), as Python's json.dumps writes it", () => {
    const awkwardRedactor = createRedactor(awkward);
    const ascii = JSON.stringify(awkward).replace(
      /[^\x00-\x7f]/g,
      (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    expect(ascii).toContain("\\u00fcn\\u00efc\\u00f8d\\u00e9");
    expect(JSON.parse(redactJsonText(ascii, awkwardRedactor))).toEqual(
      Array(awkward.length).fill("[redacted]"),
    );
  });

  test("pretty-printed text keeps its layout", () => {
    const text = JSON.stringify({ a: secret, b: "keep" }, null, 2);
    expect(redactJsonText(text, redactor)).toBe('{\n  "a": "[redacted]",\n  "b": "keep"\n}');
  });

  test("a secret ending in a backslash never leaves a broken escape: the JSON stays valid", () => {
    const trailing = createRedactor(["abc\\"]);
    // The string abc" escapes as abc\" : its first 4 characters are the secret's raw text.
    const text = JSON.stringify({ a: 'abc"', b: "abc\\" });
    expect(trailing.redact(text)).toBe('{"a":"[redacted]"","b":"[redacted]"}');
    const redacted = redactJsonText(text, trailing);
    expect(JSON.parse(redacted)).toEqual({ a: 'abc"', b: "[redacted]" });
  });

  test("a numeric secret as a JSON number: the value becomes the marker, and the JSON stays valid", () => {
    const pin = createRedactor(["90210417"]);
    expect(redactJsonValue({ pin: 90210417, other: 5 }, pin)).toEqual({ pin: "[redacted]", other: 5 });
    expect(redactJsonText('{"pin": 90210417, "other": 5}', pin)).toBe('{"pin":"[redacted]","other":5}');
  });

  test("text that is not JSON is redacted as text", () => {
    expect(redactJsonText(`not json ${secret}`, redactor)).toBe("not json [redacted]");
  });
});
