import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect } from "vitest";
import { test } from "../support/helperFixture.ts";
import { resultOf } from "../support/shellSupport.ts";

describe("a one-shot request's env_file", () => {
  test("carries the call's variables and tokens, and is deleted before the op runs", async ({ helper }) => {
    mkdirSync(path.join(helper.home, "repos", "app"), { recursive: true });
    const file = path.join(helper.runtimeDir, "requests", "run1-c.1.env.json");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ env: { MY_TOKEN: "t0k3n" }, repo_tokens: { app: "gh-t0k3n" } }), {
      mode: 0o600,
    });
    const envelope = await helper.call(
      "shell",
      { command: `printf '%s %s ' "$MY_TOKEN" "$GH_TOKEN"; test -e '${file}' && echo present || echo gone` },
      { cwd: "repos/app", env_file: file },
    );
    expect(resultOf(envelope).text).toBe("t0k3n gh-t0k3n gone");
    expect(existsSync(file)).toBe(false);
  });

  test("one that cannot be read fails the call before anything runs", async ({ helper }) => {
    const envelope = await helper.call(
      "shell",
      { command: "touch ran" },
      { env_file: path.join(helper.runtimeDir, "requests", "missing.env.json") },
    );
    expect(envelope).toMatchObject({ ok: false, error: { code: "request.unreadable" } });
    expect(existsSync(path.join(helper.home, "ran"))).toBe(false);
  });
});
