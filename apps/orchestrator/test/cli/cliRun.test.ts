import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { logMessages } from "../support/serverLog.ts";
import { sandboxes } from "../toolbox/machineFixture.ts";
import { cliEnvironment, useServedHome } from "./cliProcess.ts";
import { GUILDS_BIN, runCli } from "./runCli.ts";

const bwrap = (await sandboxes()).find(
  (option) => option.sandbox === "bwrap" && option.skipReason === undefined,
);
const sandbox = bwrap?.sandbox ?? "unconfined";
const home = mkdtempSync(path.join(tmpdir(), "guilds-cli-run-"));
// A bwrap machine runs as another uid when the tests run as root: it must reach the home's folder.
chmodSync(home, 0o755);
const environment = { GUILDS_HOME: home, GUILDS_SANDBOX: sandbox };
const served = useServedHome(home, environment);

test(`the first start offers the demo, and guilds run demo streams every tool (${sandbox})`, async () => {
  expect(logMessages(served.server.stderr())).toContain(
    'GUILDS_TOKEN=<the token> npx guilds run demo "hello"',
  );
  const run = await runCli(["run", "demo", "hi"], {
    ...environment,
    GUILDS_URL: served.server.url,
    GUILDS_TOKEN: served.token,
  });
  expect(run.code, run.stderr).toBe(0);
  const lines = run.stdout.trimEnd().split("\n");
  // The event's type, and the tool's name on tool.* lines.
  const kindOf = (line: string) => {
    const [type = "", name = ""] = line.split(" ");
    return type.startsWith("tool.") ? `${type} ${name}` : type;
  };
  const toolTurn = (tool: string) => [
    "generation.started",
    "message.created",
    "generation.ended",
    `tool.started ${tool}`,
    "message.created",
    `tool.finished ${tool}`,
  ];
  // A call that runs past 250 ms (node --test does, on a loaded machine) adds live tool.progress lines.
  const storedLines = lines.filter((line) => !line.startsWith("tool.progress "));
  expect(storedLines.map(kindOf)).toEqual([
    "run.started",
    "message.created",
    ...toolTurn("shell"),
    ...toolTurn("file_read"),
    ...toolTurn("code_search"),
    ...toolTurn("shell"),
    ...toolTurn("shell_status"),
    "generation.started",
    "message.created",
    "generation.ended",
    "run.ended",
    "run",
  ]);
  expect(lines).toContain('message.created 1 operator "hi"');
  expect(lines).toContain('tool.started shell {"command":"node --test"}');
  expect(lines).toContain('tool.started code_search {"pattern":"TODO","mode":"content"}');
  expect(run.stdout).toMatch(/tool\.finished code_search completed "src\/words\.js:9: .*TODO/);
  expect(lines.at(-1)).toMatch(/^run run_\w+ completed$/);

  const runId = lines.at(-1)?.split(" ")[1] ?? "";
  const detail = await fetch(`${served.server.url}/api/runs/${runId}`, {
    headers: { Authorization: `Bearer ${served.token}` },
  });
  const body = (await detail.json()) as { status: string; tool_calls: { status: string }[] };
  expect(body.status).toBe("completed");
  expect(body.tool_calls.map((call) => call.status)).toEqual(Array(5).fill("completed"));
});

test("Ctrl-C cancels the run and exits 130", async () => {
  const script = path.join(home, "wait.json");
  writeFileSync(script, JSON.stringify({ steps: [{ type: "wait_for_cancel", text: "Waiting for you." }] }));
  const created = await runCli(
    ["agent", "create", "demo", "waiter", "--provider", "scripted", "--script", script],
    environment,
  );
  expect(created.code, created.stderr).toBe(0);
  const child = spawn(process.execPath, [GUILDS_BIN, "run", "waiter", "wait"], {
    env: cliEnvironment({ ...environment, GUILDS_URL: served.server.url, GUILDS_TOKEN: served.token }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let interrupted = false;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
    // One Ctrl-C: a second one means "leave without waiting", a third one after the CLI is done
    // would reach Node's default handler.
    if (!interrupted && stdout.includes("generation.started")) {
      interrupted = true;
      child.kill("SIGINT");
    }
  });
  expect(await exited).toBe(130);
  expect(stdout).toMatch(/run\.ended cancelled/);
  expect(stdout.trimEnd().split("\n").at(-1)).toMatch(/^run run_\w+ cancelled/);
});
