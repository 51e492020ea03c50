// The credential each real CLI would run on, as guilds-harness check finds it inside a real machine:
// none (code_task then refuses before any harness starts), a key secret, or a subscription login
// from the login files in the agent's home.
import type { HarnessName } from "@guilds/protocol/harness";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createHarnessTransport, harnessOps } from "../../src/tools/codeTask/harnessOps.ts";
import { testHarnessDir } from "../harnesses/testHarnessDir.ts";
import { createTaskHarness, finishedTask, REPOSITORY, startTask, type TaskHarness } from "./taskFixture.ts";

const installed = testHarnessDir();
if (installed.dir === null) console.warn(`skipping the real harness credential tests: ${installed.reason}`);
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const LOGINS: Record<"claude" | "codex" | "gemini", { files: Record<string, string>; account: string }> = {
  claude: {
    files: {
      ".claude/.credentials.json": JSON.stringify({
        claudeAiOauth: {
          accessToken: "sk-ant-oat01-fake",
          refreshToken: "sk-ant-ort01-fake",
          expiresAt: Date.now() + 86_400_000,
          scopes: ["user:inference"],
          subscriptionType: "max",
        },
      }),
      ".claude.json": JSON.stringify({ oauthAccount: { emailAddress: "dev@example.com" } }),
    },
    account: "dev@example.com",
  },
  codex: {
    files: {
      ".codex/auth.json": JSON.stringify({
        auth_mode: "chatgpt",
        OPENAI_API_KEY: null,
        tokens: {
          id_token: `e30.${Buffer.from(JSON.stringify({ email: "coder@example.com" })).toString("base64url")}.sig`,
          access_token: "fake",
          refresh_token: "fake",
          account_id: "acct",
        },
      }),
    },
    account: "coder@example.com",
  },
  gemini: {
    files: {
      ".gemini/oauth_creds.json": JSON.stringify({ access_token: "ya29.fake", refresh_token: "fake" }),
      ".gemini/google_accounts.json": JSON.stringify({ active: "gem@example.com", old: [] }),
    },
    account: "gem@example.com",
  },
};

describe.skipIf(installed.dir === null)("the credential of a real harness CLI", () => {
  let harness: TaskHarness;
  beforeAll(async () => {
    harness = await createTaskHarness({ harnessDir: installed.dir ?? "", secrets: {} });
  });
  afterAll(async () => {
    await harness?.dispose();
  });

  const check = async (name: HarnessName, secrets: Record<string, string> = {}) => {
    const ops = harnessOps(createHarnessTransport(), {
      machine: await harness.machine(),
      runId: "run_check",
      agentId: harness.agent.id,
      callId: `call_${name}`,
      repository: REPOSITORY,
      secrets,
      maxBytes: 8192,
    });
    return ops.check(name);
  };

  test("no credential: code_task refuses before starting the CLI, saying what to do", async () => {
    const runId = await startTask(harness, { brief: "Anything." }, null);
    const { task } = await finishedTask(harness, runId);
    expect(task.metadata).toMatchObject({ error_code: "harness.no_credential" });
    expect(task.result).toMatch(/ANTHROPIC_API_KEY|log in/);
    expect(harness.ops).toEqual(["check"]);
  });

  test.each(["claude", "codex", "gemini"] as const)(
    "%s: installed, its version, a key secret",
    async (name) => {
      const key = { claude: "ANTHROPIC_API_KEY", codex: "OPENAI_API_KEY", gemini: "GEMINI_API_KEY" }[name];
      const found = await check(name, { [key]: "sk-fake-0123456789" });
      expect(found).toMatchObject({
        harness: name,
        installed: true,
        credential: "secret",
        credential_source: key,
      });
      expect(found.version).toMatch(/^\d+\.\d+\.\d+/);
    },
  );

  test.each(["claude", "codex", "gemini"] as const)(
    "%s: a subscription login from its login files, with the account",
    async (name) => {
      const login = LOGINS[name];
      for (const [file, content] of Object.entries(login.files)) {
        await harness.bash('mkdir -p "$(dirname ~/"$1")" && printf %s "$2" > ~/"$1"', file, content);
      }
      const found = await check(name, { ANTHROPIC_API_KEY: "sk-ignored", OPENAI_API_KEY: "sk-ignored" });
      expect(found).toMatchObject({ credential: "login", account: login.account });
    },
  );
});
