import { mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { DEMO_TASK_BRIEF } from "../../src/app/demoScript.ts";
import { startServices } from "../../src/app/startServices.ts";
import { loadConfig } from "../../src/config.ts";
import type { ModelScript } from "../../src/providers/modelScript.ts";

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** What `guilds harness install` leaves for one npm CLI: its package's manifest under the prefix. */
function installPackage(harnessDir: string, packageName: string, version: string): void {
  const folder = path.join(harnessDir, "node_modules", packageName);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "package.json"), JSON.stringify({ name: packageName, version }));
}

/** The names of the tools each step of a script calls, in order. */
function toolsOf(script: ModelScript | undefined): string[][] {
  return (script?.steps ?? []).map((step) =>
    step.type === "reply" ? step.tool_calls.map((call) => call.name) : [],
  );
}

async function demoOf(services: Awaited<ReturnType<typeof startServices>>) {
  const guild = await services.store.guilds.findByName("demo");
  const agent = await services.store.agents.findByName(guild?.id ?? "", "demo");
  if (agent === undefined) throw new Error("no demo agent");
  return { agent, script: services.scripts.get(agent.id) };
}

test("with no harness installed the demo has no code task, and says how to get one", async () => {
  const home = await mkdtemp(path.join(tmpdir(), "guilds-demo-"));
  try {
    const services = await startServices(loadConfig({ GUILDS_HOME: home }), {
      environment: {},
      sandbox: "unconfined",
      logger: quiet,
    });
    const { agent, script } = await demoOf(services);
    expect(agent.harness).toBeNull();
    expect(toolsOf(script).flat()).toEqual(["shell", "file_read", "code_search", "shell", "shell_status"]);
    expect(services.notice).toContain(
      "No harness CLI is installed, so the demo makes no code task; `npx guilds harness install claude`",
    );
    expect(script?.final_text).toContain("install one with `npx guilds harness install claude`");
    await services.close();
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});

test("with a harness installed the demo agent has it and its script ends with a code_task on the sample", async () => {
  const home = await mkdtemp(path.join(tmpdir(), "guilds-demo-"));
  try {
    const harnessDir = path.join(home, "harnesses");
    installPackage(harnessDir, "@openai/codex", "0.1.0");
    installPackage(harnessDir, "@google/gemini-cli", "0.1.0");
    // claude is installed too but turned off: the first one on is codex.
    installPackage(harnessDir, "@anthropic-ai/claude-code", "2.0.0");
    const services = await startServices(loadConfig({ GUILDS_HOME: home, GUILDS_HARNESSES_OFF: "claude" }), {
      environment: {},
      sandbox: "unconfined",
      logger: quiet,
    });
    const { agent, script } = await demoOf(services);
    expect(agent.harness).toBe("codex");
    expect(script?.steps.at(-1)).toMatchObject({
      type: "reply",
      tool_calls: [{ name: "code_task", args: { brief: DEMO_TASK_BRIEF, repo: "tally" } }],
    });
    expect(toolsOf(script).flat()).toEqual([
      "shell",
      "file_read",
      "code_search",
      "shell",
      "shell_status",
      "code_task",
    ]);
    expect(script?.final_text).toContain("code_task handed the TODO to codex");
    expect(services.notice.join("\n")).toContain(
      "Its last step hands the sample's TODO to codex with code_task",
    );
    await services.close();
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});

test("a harness installed after the demo was made is given to the untouched demo agent at the next start", async () => {
  const home = await mkdtemp(path.join(tmpdir(), "guilds-demo-"));
  try {
    const config = loadConfig({ GUILDS_HOME: home });
    const first = await startServices(config, { environment: {}, sandbox: "unconfined", logger: quiet });
    expect((await demoOf(first)).agent.harness).toBeNull();
    await first.close();

    installPackage(config.harnessDir, "@anthropic-ai/claude-code", "2.0.0");
    const second = await startServices(config, { environment: {}, sandbox: "unconfined", logger: quiet });
    const { agent, script } = await demoOf(second);
    expect(agent.harness).toBe("claude");
    expect(toolsOf(script).at(-1)).toEqual(["code_task"]);
    expect(second.notice).toEqual([
      "The demo agent now has the harness claude: its script ends with a code_task on the sample.",
    ]);
    // An operator who changed the demo agent keeps it as it is.
    await second.store.agents.update(agent.id, { harness: null });
    await second.close();
    const third = await startServices(config, { environment: {}, sandbox: "unconfined", logger: quiet });
    expect((await demoOf(third)).agent.harness).toBeNull();
    expect(third.notice).toEqual([]);
    await third.close();
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});
