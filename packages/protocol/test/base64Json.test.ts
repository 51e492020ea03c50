import { describe, expect, it } from "vitest";
import { decodeBase64Json, encodeBase64Json } from "../src/base64Json.ts";

describe("base64 JSON", () => {
  it("round-trips any JSON value, Unicode included", () => {
    const value = { op: "shell", args: { command: "echo ünïcode \u2028 ✓" }, n: [1, 2] };
    const encoded = encodeBase64Json(value);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeBase64Json(`${encoded}\n`)).toEqual(value);
  });

  it("refuses what is not base64", () => {
    expect(() => decodeBase64Json("not base64!")).toThrow("not base64");
    expect(() => decodeBase64Json(Buffer.from("{nope").toString("base64"))).toThrow();
  });
});
