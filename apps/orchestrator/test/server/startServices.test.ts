import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { RESTART_REASON, startServices } from "../../src/app/startServices.ts";
import { loadConfig } from "../../src/config.ts";
import { openStore } from "../../src/store/store.ts";

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

test("a start marks what the last server left running as interrupted, and seeds the demo once", async () => {
  const home = await mkdtemp(path.join(tmpdir(), "guilds-start-"));
  try {
    const config = loadConfig({ GUILDS_HOME: home });
    const first = await startServices(config, { environment: {}, sandbox: "unconfined", logger: quiet });
    expect(first.notice.join("\n")).toContain('npx guilds run demo "hello"');
    const [guild] = await first.store.guilds.list();
    expect(guild?.name).toBe("demo");
    const [agent] = await first.store.agents.list(guild?.id ?? "");
    expect(agent).toMatchObject({ name: "demo", modelProvider: "scripted" });
    expect(first.scripts.get(agent?.id ?? "")?.steps.length).toBe(5);
    expect(await first.store.repositories.list(guild?.id ?? "")).toMatchObject([
      { name: "tally", localPath: path.join(home, "samples", "tally") },
    ]);
    await first.close();

    // A run that a killed server left "running".
    const store = await openStore(config);
    const orphan = await store.runs.create({ agentId: agent?.id ?? "" });
    await store.close();

    const second = await startServices(config, { environment: {}, sandbox: "unconfined", logger: quiet });
    expect(second.notice).toEqual([]);
    expect(await second.store.runs.get(orphan.id)).toMatchObject({
      status: "interrupted",
      statusReason: RESTART_REASON,
    });
    await second.close();
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});

test("with a model key set, the first start makes no demo and says how to make an agent", async () => {
  const home = await mkdtemp(path.join(tmpdir(), "guilds-start-"));
  try {
    const services = await startServices(loadConfig({ GUILDS_HOME: home }), {
      environment: { ANTHROPIC_API_KEY: "sk-ant-test" },
      sandbox: "unconfined",
      logger: quiet,
    });
    expect(await services.store.guilds.list()).toEqual([]);
    expect(services.notice[0]).toBe("ANTHROPIC_API_KEY is set. Create a guild and an agent on anthropic:");
    expect(services.notice).toContain(
      "  npx guilds agent create acme coder --provider anthropic --model claude-sonnet-4-5",
    );
    await services.close();
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});
