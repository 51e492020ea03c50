import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { createEventBus } from "../../src/events/eventBus.ts";
import { machineRoot } from "../../src/machines/machineRegistry.ts";
import { openStore, type Store } from "../../src/store/store.ts";
import { appWithoutMachines } from "../server/appFixture.ts";
import { runCli } from "./runCli.ts";

const home = mkdtempSync(path.join(tmpdir(), "guilds-cli-delete-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const environment = { GUILDS_HOME: home };
const guilds = (...args: string[]) => runCli(args, environment);
/** Each CLI call is a Node process start and a store open: seconds each on a loaded machine. */
const MANY_CALLS = { timeout: 180_000 };

async function withStore<T>(work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(loadConfig(environment));
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

test(
  "token list shows names and dates, never a value; a revoked token gets 401 at once",
  MANY_CALLS,
  async () => {
    const laptop = (await guilds("token", "create", "laptop")).stdout.trim();
    const ci = (await guilds("token", "create", "ci")).stdout.trim();

    const listed = await guilds("token", "list");
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      /^ci\teverything \(an operator's\)\tcreated \S+Z\tlast used never\nlaptop\teverything \(an operator's\)\tcreated \S+Z\tlast used never\n$/,
    );
    expect(listed.stdout).not.toContain(laptop);
    expect(listed.stdout).not.toContain(ci);

    await withStore(async (store) => {
      const events = createEventBus(store);
      const app = appWithoutMachines(store, events, home);
      const guildsWith = (token: string) =>
        app.request("http://localhost/api/guilds", { headers: { Authorization: `Bearer ${token}` } });
      expect((await guildsWith(laptop)).status).toBe(200);

      const revoked = await guilds("token", "revoke", "laptop");
      expect(revoked.stdout).toBe("revoked token laptop: the API refuses it from now on\n");

      const refused = await guildsWith(laptop);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("auth.invalid");
      expect((await guildsWith(ci)).status).toBe(200);
      events.close();
    });
    expect((await guilds("token", "list")).stdout).toMatch(
      /^ci\teverything \(an operator's\)\tcreated \S+\tlast used \S+Z\n$/,
    );
    const again = await guilds("token", "revoke", "laptop");
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('there is no token "laptop"; `guilds token list` lists them.');
  },
);

test("secret list and delete, of an agent and a guild", MANY_CALLS, async () => {
  await guilds("guild", "create", "gamma");
  await guilds("agent", "create", "gamma", "coder", "--provider", "scripted");
  await runCli(["secret", "set", "gamma/coder", "DEPLOY", "--from-env", "VALUE"], {
    ...environment,
    VALUE: "d",
  });

  expect((await guilds("secret", "list", "gamma/coder")).stdout).toMatch(
    /^DEPLOY\tno aliases\tupdated \S+Z\n$/,
  );
  expect((await guilds("secret", "delete", "gamma/coder", "DEPLOY")).stdout).toBe(
    "deleted secret DEPLOY of agent gamma/coder\n",
  );
  expect((await guilds("secret", "list", "gamma/coder")).stdout).toBe(
    "no secrets of gamma/coder yet: guilds secret set gamma/coder NAME\n",
  );
  const unknown = await guilds("secret", "delete", "gamma", "NOPE");
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('gamma has no secret "NOPE"; `guilds secret list gamma` lists them.');
});

test(
  "a guild with an agent, and an agent or repository with a run in progress, are refused; then they go",
  MANY_CALLS,
  async () => {
    await guilds("guild", "create", "acme");
    const repositoryFolder = path.join(home, "web");
    await guilds("repo", "add", "acme", "web", repositoryFolder);
    expect((await guilds("repo", "list", "acme")).stdout).toMatch(
      new RegExp(`^web\\trepo_\\w+\\t${repositoryFolder}\\n$`),
    );
    await guilds("agent", "create", "acme", "coder", "--provider", "scripted");
    await runCli(["secret", "set", "acme", "API_KEY", "--from-env", "VALUE"], { ...environment, VALUE: "k" });

    const notEmpty = await guilds("guild", "delete", "acme");
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.stderr).toBe(
      "guilds: [guild.not_empty] The guild acme has 1 agent (coder); delete it first. Its repositories, secrets and notes go with the guild.\n",
    );

    const { agentId, runId } = await withStore(async (store) => {
      const guild = await store.guilds.findByName("acme");
      const agent = await store.agents.findByName(guild?.id ?? "", "coder");
      const run = await store.runs.create({ agentId: agent?.id ?? "" });
      return { agentId: agent?.id ?? "", runId: run.id };
    });
    const busy = await guilds("agent", "delete", "acme/coder");
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain(`[agent.busy] The agent coder has a run in progress (${runId} of coder)`);
    const inUse = await guilds("repo", "delete", "acme", "web");
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toContain("[repository.in_use]");

    await withStore((store) => store.runs.end(runId, "cancelled", "by the operator"));
    const folder = machineRoot(path.join(home, "machines"), agentId);
    mkdirSync(path.join(folder, "home", "repos", "web"), { recursive: true });
    writeFileSync(path.join(folder, "home", "repos", "web", "work.txt"), "unpushed work\n");
    const deleted = await guilds("agent", "delete", "acme/coder");
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toBe(
      `deleted agent coder (${agentId}) with 1 run (their messages, generations, tool calls and events), its machine folder ${folder} (its home: clones, run logs)\n`,
    );
    expect(existsSync(folder)).toBe(false);

    expect((await guilds("repo", "delete", "acme", "web")).stdout).toMatch(
      /^deleted repository web \(repo_\w+\)\n$/,
    );
    expect((await guilds("guild", "delete", "acme")).stdout).toMatch(
      /^deleted guild acme \(g_\w+\) with 1 secret \(API_KEY\)\n$/,
    );
    expect((await guilds("guild", "list")).stdout).not.toContain("acme");
  },
);

test(
  "an agent whose machine looks up keeps its folder, and the output says where and why",
  MANY_CALLS,
  async () => {
    await guilds("guild", "create", "beta");
    const created = await guilds("agent", "create", "beta", "runner", "--provider", "scripted");
    const agentId = /\((ag_\w+)\)/.exec(created.stdout)?.[1] ?? "";
    const folder = machineRoot(path.join(home, "machines"), agentId);
    mkdirSync(path.join(folder, "run", ".machine"), { recursive: true });

    const deleted = await guilds("agent", "delete", "runner");

    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toBe(
      `deleted agent runner (${agentId})\nkept its machine folder ${folder} (its home: clones, run logs): its machine looks up, held by the running server, which stops it once idle (after the agent's idle_stop_minutes); remove the folder after that\n`,
    );
    expect(existsSync(folder)).toBe(true);
  },
);

test.concurrent.each([
  { args: ["guild", "delete"], says: "guild delete needs an argument: guilds guild delete <guild>." },
  { args: ["guild", "delete", "nowhere"], says: 'there is no guild "nowhere"' },
  { args: ["agent", "delete", "nowhere/x"], says: 'there is no guild "nowhere"' },
  { args: ["agent", "delete", "nobody"], says: 'there is no agent "nobody"' },
  { args: ["repo", "list"], says: "repo list needs an argument" },
  { args: ["repo", "delete", "nowhere", "web"], says: 'there is no guild "nowhere"' },
  { args: ["repo", "frobnicate"], says: "repo takes add <guild> <name> <url-or-path>" },
  { args: ["secret", "delete", "nowhere", "X"], says: 'there is no guild "nowhere"' },
  { args: ["secret", "list"], says: "secret list needs an argument" },
  { args: ["token", "revoke"], says: "token revoke needs an argument: guilds token revoke <name>." },
  { args: ["token", "list", "extra"], says: "token list takes 0 arguments" },
  {
    args: ["token", "frobnicate"],
    says: "token takes create <name> [--guild <guild> | --agent <guild>/<agent>], list or revoke <name>.",
  },
])("$args exits 2 and says how to fix it", async ({ args, says }) => {
  const run = await guilds(...args);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain(says);
});
