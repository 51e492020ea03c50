import { encodeBase64Json } from "@guilds/protocol/base64Json";
import { Envelope } from "@guilds/protocol/envelope";
import { expect, test } from "vitest";
import { parseEnvelopeText } from "../../src/toolbox/envelopeText.ts";

/*
 * Every answer of a helper is read by hand, not by the protocol's schema: it must take and refuse
 * exactly what the schema does, and give what the schema's parse gives (its fields only).
 */

const answers: unknown[] = [
  { ok: true, text: "done\n", meta: { exit_code: 0, elapsed_ms: 3 } },
  { ok: true, text: "", meta: {} },
  { ok: true, text: "x", meta: { nested: { a: [1, 2] } }, extra: "dropped" },
  { ok: false, error: { code: "args.invalid", message: "path is required" } },
  { ok: false, error: { code: "helper.failed", message: "m", hint: "dropped" }, text: "dropped" },
  { ok: true, text: 1, meta: {} },
  { ok: true, text: "x" },
  { ok: true, text: "x", meta: [] },
  { ok: true, text: "x", meta: null },
  { ok: true, text: "x", meta: "m" },
  { ok: "true", text: "x", meta: {} },
  { ok: false, error: { code: "c" } },
  { ok: false, error: { code: 1, message: "m" } },
  { ok: false, error: [] },
  { ok: false },
  { text: "x", meta: {} },
  [{ ok: true, text: "x", meta: {} }],
  null,
  "ok",
  7,
];

test("an answer is taken, and shaped, exactly as the protocol's schema takes it", () => {
  for (const answer of answers) {
    const parsed = Envelope.safeParse(answer);
    expect(parseEnvelopeText(encodeBase64Json(answer)), JSON.stringify(answer)).toStrictEqual(
      parsed.success ? parsed.data : undefined,
    );
  }
});

test("a line that is not base64 of JSON is no envelope", () => {
  expect(parseEnvelopeText("not base64!")).toBeUndefined();
  expect(parseEnvelopeText(Buffer.from("{not json").toString("base64"))).toBeUndefined();
  expect(parseEnvelopeText(`  ${encodeBase64Json({ ok: true, text: "t", meta: {} })}\r`)).toEqual({
    ok: true,
    text: "t",
    meta: {},
  });
});
