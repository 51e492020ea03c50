import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { runCli } from "./runCli.ts";

const home = mkdtempSync(path.join(tmpdir(), "guilds-cli-token-scope-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const guilds = (...args: string[]) => runCli(args, { GUILDS_HOME: home });

test("token create --guild and --agent: scoped tokens, named scopes, clear refusals", {
  timeout: 180_000,
}, async () => {
  expect((await guilds("guild", "create", "acme")).code).toBe(0);
  expect((await guilds("agent", "create", "acme", "coder", "--provider", "scripted")).code).toBe(0);

  const guild = await guilds("token", "create", "acme-ci", "--guild", "acme");
  expect(guild.code, guild.stderr).toBe(0);
  expect(guild.stdout).toMatch(/^gt_[A-Za-z0-9_-]{43}\n$/);
  expect(guild.stderr).toContain("This is token acme-ci (guild acme only), shown once");
  const agent = await guilds("token", "create", "coder-mcp", "--agent", "acme/coder");
  expect(agent.code, agent.stderr).toBe(0);
  expect(agent.stderr).toContain("This is token coder-mcp (agent acme/coder only), shown once");

  const both = await guilds("token", "create", "x", "--guild", "acme", "--agent", "acme/coder");
  expect(both.code).toBe(2);
  expect(both.stderr).toContain("token create takes --guild or --agent, not both");
  const noGuild = await guilds("token", "create", "y", "--guild", "nowhere");
  expect(noGuild.code).toBe(2);
  expect(noGuild.stderr).toContain('there is no guild "nowhere"');
  const noAgent = await guilds("token", "create", "z", "--agent", "acme/nobody");
  expect(noAgent.code).toBe(2);
  expect(noAgent.stderr).toContain('the guild acme has no agent "nobody"');

  const listed = await guilds("token", "list");
  expect(listed.stdout).toMatch(
    /^acme-ci\tguild acme only\tcreated \S+Z\tlast used never\ncoder-mcp\tagent acme\/coder only\tcreated \S+Z\tlast used never\n$/,
  );
});
