import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { openStore } from "../../src/store/store.ts";
import { runCliWithInput } from "./cliProcess.ts";
import { runCli } from "./runCli.ts";

const home = mkdtempSync(path.join(tmpdir(), "guilds-cli-admin-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const environment = { GUILDS_HOME: home };
const guilds = (...args: string[]) => runCli(args, environment);

test("token create prints a token once, which the store then accepts", async () => {
  const created = await guilds("token", "create", "me");
  expect(created.code, created.stderr).toBe(0);
  expect(created.stdout).toMatch(/^gt_[A-Za-z0-9_-]{43}\n$/);
  expect(created.stderr).toContain("shown once");
  const store = await openStore(loadConfig(environment));
  try {
    expect(await store.tokens.verify(created.stdout.trim())).toMatchObject({ name: "me" });
  } finally {
    await store.close();
  }
  const again = await guilds("token", "create", "me");
  expect(again.code).toBe(1);
  expect(again.stderr).toBe(
    'guilds: [token.exists] A token named "me" exists; revoke it or pick another name.\n',
  );
});

// About fifteen CLI processes, each a Node start: minutes on a loaded machine.
test("guilds, repositories, agents and secrets from the command line", { timeout: 180_000 }, async () => {
  expect((await guilds("guild", "create", "acme")).stdout).toMatch(/^created guild acme \(g_\w+\)\n$/);
  expect((await guilds("guild", "list")).stdout).toMatch(/^acme\tg_\w+\n$/);

  const remote = await runCli(
    ["repo", "add", "acme", "web", "https://example.com/acme/web.git", "--token-env", "WEB_TOKEN"],
    { ...environment, WEB_TOKEN: "ghp_from_the_environment" },
  );
  expect(remote.stdout).toMatch(
    /^added repository web \(repo_\w+\): https:\/\/example.com\/acme\/web.git with a token\n$/,
  );
  const local = await guilds("repo", "add", "acme", "tools", "relative/tools");
  expect(local.stdout).toContain(`: ${path.resolve("relative/tools")}\n`);

  const agent = await guilds(
    "agent",
    "create",
    "acme",
    "coder",
    "--provider",
    "openai",
    "--max-tool-calls",
    "7",
    "--harness",
    "codex",
    "--harness-model",
    "gpt-5-codex",
  );
  expect(agent.stdout).toMatch(/^created agent coder \(ag_\w+\) on openai gpt-5\n$/);
  await guilds("agent", "create", "acme", "demo", "--provider", "scripted", "--coding", "off");
  expect((await guilds("agent", "list")).stdout).toMatch(
    /^acme\/coder\tag_\w+\topenai gpt-5\tcoding on\tmax_tool_calls 7\tharness codex gpt-5-codex\t(memory 4 GiB \(default\), pids 1024 \(default\), cpus 2 \(default\), disk 20 GiB \(default\))\nacme\/demo\tag_\w+\tscripted scripted\tcoding off\tmax_tool_calls 100\tharness none\t\1\n$/,
  );

  const fromStdin = await runCliWithInput(
    ["secret", "set", "acme", "API_KEY"],
    "sk-from-stdin\n",
    environment,
  );
  expect(fromStdin.stdout).toBe("set secret API_KEY of guild acme\n");
  const fromEnv = await runCli(["secret", "set", "acme/coder", "DEPLOY", "--from-env", "DEPLOY_VALUE"], {
    ...environment,
    DEPLOY_VALUE: "deploy-value",
  });
  expect(fromEnv.stdout).toBe("set secret DEPLOY of agent acme/coder\n");

  const store = await openStore(loadConfig(environment));
  try {
    const coder = (await store.agents.list((await store.guilds.list())[0]?.id ?? "")).find(
      (candidate) => candidate.name === "coder",
    );
    const values = await store.secrets.secretValuesForAgent(coder?.id ?? "");
    expect(JSON.stringify(values)).toContain("sk-from-stdin");
    expect(JSON.stringify(values)).toContain("deploy-value");
    expect(JSON.stringify(values)).not.toContain("sk-from-stdin\\n");
  } finally {
    await store.close();
  }
});

test.each([
  { args: ["guild"], says: "guild takes create <name>, list or delete <guild>." },
  { args: ["guild", "create"], says: "guild create needs an argument: guilds guild create <name>." },
  { args: ["agent", "create", "acme"], says: "agent create needs 2 arguments" },
  { args: ["agent", "create", "nowhere", "x"], says: 'there is no guild "nowhere"' },
  { args: ["agent", "create", "acme", "x", "--provider", "llama"], says: "--provider must be one of" },
  { args: ["agent", "create", "acme", "x", "--provider", "openai-compatible"], says: "needs --model" },
  { args: ["repo", "add", "acme", "w", "/srv/w", "--token-env", "NOPE"], says: "NOPE is not set" },
  { args: ["secret", "set", "acme", "X", "--from-env", "NOPE"], says: "NOPE is not set" },
  { args: ["secret", "set", "acme", "X", "the-value"], says: "secret set takes 2 arguments" },
  { args: ["run", "demo"], says: "run needs 2 arguments" },
  { args: ["run", "demo", "hi"], says: "set GUILDS_TOKEN to an operator token" },
])("$args exits 2 and says how to fix it", async ({ args, says }) => {
  const run = await guilds(...args);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain(says);
});
