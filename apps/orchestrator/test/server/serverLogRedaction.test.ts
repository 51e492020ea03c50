import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { startServices } from "../../src/app/startServices.ts";
import { loadConfig } from "../../src/config.ts";
import type { LogFields } from "../../src/logging/serverLogger.ts";
import { REDACTED_MARKER } from "../../src/pipeline/redactor.ts";
import { openStore } from "../../src/store/store.ts";

/*
 * Every line the server logs passes a redactor of every secret of every guild and agent, every
 * repository token and the server's own keys, including secrets written after it started by
 * another process (the CLI writes them straight to the store). A line's fields (a request's path and
 * id) pass it too.
 */

const MODEL_KEY = "sk-ant-server-environment-key";
const GUILD_SECRET = "guild-secret-value-4821";
const TOKEN = "ghp_repository/token+9071";
const AGENT_SECRET = "agent-secret-value-3307";

test("the server's log lines, errors caught by the API and request lines included, never show a secret", async () => {
  const home = await mkdtemp(path.join(tmpdir(), "guilds-log-"));
  const config = loadConfig({ GUILDS_HOME: home });
  const logged: string[] = [];
  const line = (level: string) => (message: string, fields?: LogFields) =>
    logged.push(`${level}: ${message}${fields === undefined ? "" : ` ${JSON.stringify(fields)}`}`);
  const capture = { info: line("info"), warn: line("warn"), error: line("error") };
  const services = await startServices(config, {
    environment: { ANTHROPIC_API_KEY: MODEL_KEY },
    sandbox: "unconfined",
    logger: capture,
  });
  try {
    const guild = await services.store.guilds.create({ name: "acme" });
    await services.store.secrets.set(
      { scope: "guild", guildId: guild.id },
      { name: "DEPLOY_KEY", value: GUILD_SECRET },
    );
    // The token in the URL is kept as the repository's token (a secret), the URL stored without it.
    const cloneUrl = `https://x-access-token:${encodeURIComponent(TOKEN)}@127.0.0.1:9/acme/app.git`;
    await services.store.repositories.create({ guildId: guild.id, name: "app", url: cloneUrl });
    // A route of the real app, whose failure the app's error handler logs with its stack.
    services.app.get("/clone-failure", () => {
      throw new Error(`git clone ${cloneUrl} failed: the token ${TOKEN} was refused (key ${MODEL_KEY})`);
    });

    const answer = await services.app.request("http://localhost/clone-failure", {
      headers: { "X-Request-Id": "req-1" },
    });
    expect(answer.status).toBe(500);
    expect(JSON.stringify(await answer.json())).not.toContain(TOKEN);
    services.logger.warn(`the guild's deploy key is ${GUILD_SECRET}`);
    // A request whose path and id hold a secret.
    const guessed = await services.app.request(`http://localhost/healthz/${GUILD_SECRET}`, {
      headers: { "X-Request-Id": GUILD_SECRET },
    });
    expect(guessed.headers.get("X-Request-Id")).toBe(GUILD_SECRET);

    // An agent secret set by another process after the server's last line.
    const agent = await services.store.agents.create({
      guildId: guild.id,
      name: "coder",
      modelProvider: "anthropic",
      modelName: "claude-sonnet-4-5",
    });
    const cli = await openStore(config);
    await cli.secrets.set({ scope: "agent", agentId: agent.id }, { name: "PRIVATE", value: AGENT_SECRET });
    await cli.close();
    services.logger.error(`run failed: the agent's ${AGENT_SECRET} leaked into a message`);
    await services.logger.flush();

    const log = logged.join("\n");
    expect(logged).toEqual([
      expect.stringMatching(
        /^error: GET \/clone-failure failed: Error: git clone https:\/\/x-access-token:\[redacted\]@127\.0\.0\.1:9\/acme\/app\.git failed: the token \[redacted\] was refused \(key \[redacted\]\)\n.* \{"request_id":"req-1"\}$/s,
      ),
      expect.stringMatching(
        /^info: request completed \{"request_id":"req-1","method":"GET","route":"\/clone-failure","path":"\/clone-failure","status":500,/,
      ),
      `warn: the guild's deploy key is ${REDACTED_MARKER}`,
      expect.stringMatching(
        /^info: request completed \{"request_id":"\[redacted\]","method":"GET","route":"\/\*","path":"\/healthz\/\[redacted\]","status":404,/,
      ),
      `error: run failed: the agent's ${REDACTED_MARKER} leaked into a message`,
    ]);
    for (const secret of [MODEL_KEY, GUILD_SECRET, TOKEN, encodeURIComponent(TOKEN), AGENT_SECRET]) {
      expect(log).not.toContain(secret);
    }
  } finally {
    await services.close();
    await rm(home, { recursive: true, force: true });
  }
});
