import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createRedactingLogger } from "../../src/app/redactingLogger.ts";
import { loadConfig } from "../../src/config.ts";
import type { LogFields } from "../../src/logging/serverLogger.ts";
import { REDACTED_MARKER } from "../../src/pipeline/redactor.ts";
import { openStore, type Store } from "../../src/store/store.ts";

/*
 * The server log asks the store whether the secrets changed only after a statement on the secret
 * table (the only way a value reaches the process), not before every line; in between, a line is
 * written at once.
 */

let home: string;
let store: Store;
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), "guilds-redacting-log-"));
  store = await openStore(loadConfig({ GUILDS_HOME: home }));
});
afterEach(async () => {
  await store.close();
  await rm(home, { recursive: true, force: true });
});

function capture() {
  const lines: string[] = [];
  const line = (message: string, fields?: LogFields) =>
    lines.push(fields === undefined ? message : `${message} ${JSON.stringify(fields)}`);
  return { lines, sink: { info: line, warn: line, error: line } };
}

test("the store is asked once, then again only after a statement on the secret table", async () => {
  let checks = 0;
  const secrets = {
    valuesVersion: () => {
      checks += 1;
      return store.secrets.valuesVersion();
    },
    allValues: () => store.secrets.allValues(),
  };
  const { lines, sink } = capture();
  const logger = createRedactingLogger(sink, secrets, ["server-key-0001"]);
  const guild = await store.guilds.create({ name: "acme" });

  logger.info("first line, server-key-0001");
  await logger.flush();
  expect(checks).toBe(1);
  logger.info("second line", { request_id: "r-1" });
  // Nothing touched the secret table: written at once, no query.
  expect(lines).toEqual([`first line, ${REDACTED_MARKER}`, 'second line {"request_id":"r-1"}']);
  expect(checks).toBe(1);

  await store.secrets.set(
    { scope: "guild", guildId: guild.id },
    { name: "DEPLOY", value: "deploy-value-5531" },
  );
  logger.warn("the deploy key is deploy-value-5531", { path: "/x/deploy-value-5531" });
  await logger.flush();
  expect(checks).toBe(2);
  logger.info("quiet again");
  expect(checks).toBe(2);

  // A second connection (what the CLI does from its own process) writes; this process reads it.
  const other = await openStore(loadConfig({ GUILDS_HOME: home }));
  const agent = await other.agents.create({
    guildId: guild.id,
    name: "coder",
    modelProvider: "anthropic",
    modelName: "claude-sonnet-4-5",
  });
  await other.secrets.set(
    { scope: "agent", agentId: agent.id },
    { name: "PRIVATE", value: "agent-value-8812" },
  );
  await other.close();
  await store.secrets.secretValuesForAgent(agent.id);
  logger.error("run failed: agent-value-8812");
  await logger.flush();
  expect(checks).toBe(3);

  expect(lines.slice(2)).toEqual([
    `the deploy key is ${REDACTED_MARKER} {"path":"/x/${REDACTED_MARKER}"}`,
    "quiet again",
    `run failed: ${REDACTED_MARKER}`,
  ]);
});

test("lines keep their order while one waits for the store", async () => {
  const { lines, sink } = capture();
  const logger = createRedactingLogger(sink, store.secrets);
  logger.info("one");
  logger.info("two");
  await logger.flush();
  logger.info("three");
  expect(lines).toEqual(["one", "two", "three"]);
});
