import { randomBytes } from "node:crypto";
import { GuildsError } from "@guilds/protocol/guildsError";
import { describe, expect, test } from "vitest";
import { createSecretCipher } from "../../src/store/secretCipher.ts";

describe("secretCipher", () => {
  const key = randomBytes(32);
  const cipher = createSecretCipher(() => key);

  test("round-trips; the same value encrypts differently each time", () => {
    const first = cipher.encrypt("hunter2 ✓", "g_1/PASSWORD");
    const second = cipher.encrypt("hunter2 ✓", "g_1/PASSWORD");
    expect(first).not.toBe(second);
    expect(first).not.toContain("hunter2");
    expect(cipher.decrypt(first, "g_1/PASSWORD")).toBe("hunter2 ✓");
  });

  test("a value moved to another row, tampered with, or read with another key does not decrypt", () => {
    const sealed = cipher.encrypt("value", "g_1/A");
    const tampered = `${sealed.slice(0, -4)}${sealed.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    const otherKey = createSecretCipher(() => randomBytes(32));
    for (const attempt of [
      () => cipher.decrypt(sealed, "g_1/B"),
      () => cipher.decrypt(tampered, "g_1/A"),
      () => otherKey.decrypt(sealed, "g_1/A"),
      () => cipher.decrypt("not sealed", "g_1/A"),
    ]) {
      expect(attempt).toThrow(GuildsError);
      expect(attempt).toThrow(/does not decrypt with the current key/);
    }
  });

  test("loads the key only when first needed", () => {
    let loads = 0;
    const lazy = createSecretCipher(() => {
      loads += 1;
      return key;
    });
    expect(loads).toBe(0);
    lazy.decrypt(lazy.encrypt("x", "c"), "c");
    expect(loads).toBe(1);
  });
});
