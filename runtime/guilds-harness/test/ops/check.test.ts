import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decodeBase64Json } from "@guilds/protocol/base64Json";
import { Envelope } from "@guilds/protocol/envelope";
import type { CheckMeta } from "@guilds/protocol/harness";
import { describe, expect } from "vitest";
import { uninstallFakeCli } from "./fakeClis.ts";
import { test } from "./harnessFixture.ts";
import { okMeta } from "./taskSteps.ts";

describe("check", () => {
  test("installed, its version, and a login with its account", async ({ harness }) => {
    const meta = okMeta<CheckMeta>(await harness.call("check", { harness: "claude" }));
    expect(meta).toEqual({
      harness: "claude",
      installed: true,
      version: "2.1.197",
      credential: "login",
      account: "agent@example.com",
      credential_source: "~/.claude/.credentials.json",
    });
  });

  test("an API key among the agent's secrets, or nothing", async ({ harness }) => {
    rmSync(path.join(harness.home, ".config/cursor/auth.json"));
    const none = okMeta<CheckMeta>(await harness.call("check", { harness: "cursor" }));
    expect(none).toMatchObject({ installed: true, version: "2026.01.09-1a2b3c4", credential: "none" });
    const secret = okMeta<CheckMeta>(
      await harness.call("check", { harness: "cursor" }, { env: { CURSOR_API_KEY: "key" } }),
    );
    expect(secret).toMatchObject({
      credential: "secret",
      credential_source: "CURSOR_API_KEY",
      account: null,
    });
  });

  test("a CLI not on PATH", async ({ harness }) => {
    uninstallFakeCli(harness.bin, "antigravity");
    const meta = okMeta<CheckMeta>(await harness.call("check", { harness: "antigravity" }));
    expect(meta).toMatchObject({ harness: "antigravity", installed: false, version: null });
  });

  test("a request too long for the command line comes in a file, which is then deleted", async ({
    harness,
  }) => {
    const file = harness.file("request.json");
    writeFileSync(
      file,
      JSON.stringify({
        op: "check",
        args: { harness: "gemini" },
        run_id: "run1",
        agent_id: "agent1",
        call_id: "c1",
        cwd: "",
        max_bytes: 8192,
      }),
    );
    const envelope = Envelope.parse(decodeBase64Json(await harness.run(["--request-file", file])));
    expect(okMeta<CheckMeta>(envelope).version).toBe("0.61.0");
    expect(existsSync(file)).toBe(false);
  });

  test("an unknown op or a malformed request is an error envelope", async ({ harness }) => {
    const unknown = await harness.call("ping", {});
    expect(unknown.ok ? null : unknown.error.code).toBe("op.unknown");
    const garbage = Envelope.parse(decodeBase64Json(await harness.run(["%%%"])));
    expect(garbage.ok ? null : garbage.error.code).toBe("request.unreadable");
    const dots = await harness.call("poll", { harness: "claude", offset: 0 }, { run_id: ".." });
    expect(dots.ok ? null : dots.error.code).toBe("request.invalid");
    const args = await harness.call("poll", { harness: "claude" });
    expect(args.ok ? null : args.error.code).toBe("args.invalid");
  });
});
