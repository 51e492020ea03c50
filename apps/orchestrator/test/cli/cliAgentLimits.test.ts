// agent create/update/list with machine limits, in this process (the commands as main.ts runs them).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import { afterAll, afterEach, beforeEach, expect, test, vi } from "vitest";
import { runAgentCommand } from "../../src/cli/agentCommand.ts";
import { runGuildCommand } from "../../src/cli/guildCommand.ts";
import { HELP } from "../../src/cli/usage.ts";
import { loadConfig } from "../../src/config.ts";
import { openStore } from "../../src/store/store.ts";

const home = mkdtempSync(path.join(tmpdir(), "guilds-cli-limits-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const environment = { GUILDS_HOME: home, GUILDS_MAX_MEMORY: "8G" };
const GiB = 1024 ** 3;

let printed: string[] = [];
beforeEach(() => {
  printed = [];
  vi.spyOn(process.stdout, "write").mockImplementation((text, ...rest) => {
    printed.push(String(text));
    const done = rest.find((argument) => typeof argument === "function");
    done?.();
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

async function limitsOf(name: string) {
  const store = await openStore(loadConfig(environment));
  try {
    const [guild] = await store.guilds.list();
    return (await store.agents.findByName(guild?.id ?? "", name))?.limits;
  } finally {
    await store.close();
  }
}

test("create takes the limits, update changes them (default resets one), list shows what the machine gets", async () => {
  await runGuildCommand(["create", "acme"], environment);
  const create = ["create", "acme", "coder", "--provider", "scripted", "--memory", "6G", "--pids", "2048"];
  expect(await runAgentCommand(create, environment)).toBe(0);
  expect(await limitsOf("coder")).toEqual({ pids: 2048, memoryBytes: 6 * GiB, cpus: null, diskBytes: null });

  printed = [];
  const update = ["update", "acme/coder", "--cpus", "0.5", "--disk", "50G", "--memory", "default"];
  expect(await runAgentCommand([...update, "--max-tool-calls", "20"], environment)).toBe(0);
  expect(printed.join("")).toMatch(/^updated agent coder \(ag_\w+\)\n$/);
  expect(await limitsOf("coder")).toEqual({ pids: 2048, memoryBytes: null, cpus: 0.5, diskBytes: 50 * GiB });

  printed = [];
  await runAgentCommand(["list", "acme"], environment);
  expect(printed.join("")).toMatch(
    /^acme\/coder\tag_\w+\tscripted scripted\tcoding on\tmax_tool_calls 20\tharness none\tmemory 4 GiB \(default\), pids 2048, cpus 0\.5, disk 50 GiB\n$/,
  );
});

test.each([
  [["update", "acme/coder"], "agent update needs a setting to change"],
  [
    ["update", "acme/coder", "--memory", "lots"],
    '--memory must be a size such as 4G or 512M, or "default" (got "lots").',
  ],
  [["update", "acme/coder", "--pids", "0"], "--pids must be a whole number of processes from 1 to 4194304"],
  [["update", "acme/coder", "--cpus", "two"], "--cpus must be a number such as 2 or 0.5"],
  [
    ["update", "acme/coder", "--memory", "16G"],
    '--memory: 16 GiB is above this server\'s maximum of 8 GiB (GUILDS_MAX_MEMORY); pass at most that, or "default", or raise GUILDS_MAX_MEMORY where the server runs.',
  ],
  [["create", "acme", "greedy", "--provider", "scripted", "--memory", "9G"], "GUILDS_MAX_MEMORY"],
  [["update", "acme/nobody", "--cpus", "1"], 'the guild acme has no agent "nobody"'],
])("%j is a usage error: %s", async (args, says) => {
  const outcome = runAgentCommand(args, environment);
  await expect(outcome).rejects.toBeInstanceOf(GuildsError);
  await expect(outcome).rejects.toMatchObject({ code: "cli.usage" });
  await expect(outcome).rejects.toThrow(says);
});

test("the help shows the limit options and the maxima", () => {
  expect(HELP).toContain("[--memory 4G] [--pids 1024] [--cpus 2] [--disk 20G]");
  expect(HELP).toContain("guilds agent update <guild>/<agent>");
  expect(HELP).toContain("GUILDS_MAX_MEMORY, GUILDS_MAX_PIDS, GUILDS_MAX_CPUS, GUILDS_MAX_DISK");
});
