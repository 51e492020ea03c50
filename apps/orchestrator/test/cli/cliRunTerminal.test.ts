import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { cliEnvironment, useServedHome } from "./cliProcess.ts";
import { GUILDS_BIN, runCli } from "./runCli.ts";

/*
 * Terminal injection: `guilds run` on a real terminal (a pty made by script(1)) shows the model's
 * words, the operator's message, a call's arguments and its output without the control sequences
 * they carry (OSC retitling the terminal, CSI clearing it, their C1 forms, DCS, BEL), and keeps
 * their visible text. Only the display's own sequences reach the terminal.
 */

const ESC = "\u001b";
const INJECTED = {
  osc: `${ESC}]0;pwned-title\u0007`,
  oscSt: `${ESC}]8;;https://evil.example/${ESC}\\`,
  csi: `${ESC}[2J${ESC}[5;5H${ESC}[?1049h`,
  c1Csi: "\u009b2J",
  c1Osc: "\u009d0;pwned-c1\u009c",
  dcs: `${ESC}Pq#pwned-dcs${ESC}\\`,
  bell: "\u0007",
};
const modelText = `Hello${INJECTED.osc} wor${INJECTED.csi}ld${INJECTED.c1Csi} and${INJECTED.c1Osc} more${INJECTED.dcs}${INJECTED.bell} text`;
// The command prints "ok!" around a C1 OSC, which the helper's own cleaning leaves, and a C1 CSI
// (UTF-8 in octal); its comment carries a raw C1 CSI into the call's arguments. Short, so the
// output's first line fits on the tool's line.
const command = `printf 'o\\302\\2350;T\\302\\234k\\302\\2332J!\\n' # ${INJECTED.c1Csi}`;
/** The display's own sequences: clear line, bold, dim, reset, green and red marks. */
const OWN_SEQUENCES = /\u001b\[(?:2K|1m|2m|0m|32m|31m)/g;

const home = mkdtempSync(path.join(tmpdir(), "guilds-cli-terminal-"));
chmodSync(home, 0o755);
const environment = { GUILDS_HOME: home, GUILDS_SANDBOX: "unconfined" };
const served = useServedHome(home, environment, async () => {
  const script = path.join(home, "inject.json");
  writeFileSync(
    script,
    JSON.stringify({
      steps: [{ type: "reply", text: modelText, tool_calls: [{ name: "shell", args: { command } }] }],
      final_text: `All${INJECTED.osc} done${INJECTED.c1Osc}.`,
    }),
  );
  expect((await runCli(["guild", "create", "acme"], environment)).code).toBe(0);
  const created = await runCli(
    ["agent", "create", "acme", "injector", "--provider", "scripted", "--script", script],
    environment,
  );
  expect(created.code, created.stderr).toBe(0);
});

test("guilds run on a terminal prints no control sequence from the run, and keeps its visible text", async () => {
  const run = await onTerminal(["run", "injector"], `Go${INJECTED.osc}${INJECTED.c1Csi} now`);
  expect(run.code, run.output).toBe(0);
  const output = run.output;
  expect(output).toMatch(/run run_\w+ completed/);

  const foreign = output.replace(OWN_SEQUENCES, "");
  expect(JSON.stringify(foreign)).not.toContain("\\u001b");
  expect(foreign).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
  expect(output).not.toContain("pwned");

  expect(output).toContain("Go now");
  expect(output).toContain("Hello world and more text");
  expect(output).toMatch(/completed \d+\.\ds {2}ok!/);
  expect(output).toContain("All done.");
});

/**
 * The CLI with a pseudo-terminal as its stdout (script -qec), the operator's message passed through
 * the environment so no shell reads its bytes; the terminal's output and the CLI's exit code.
 */
function onTerminal(args: string[], message: string): Promise<{ code: number | null; output: string }> {
  const commandLine = [process.execPath, GUILDS_BIN, ...args].map((arg) => `'${arg}'`).join(" ");
  return new Promise((resolve, reject) => {
    const child = spawn("script", ["-qec", `${commandLine} "$GUILDS_TEST_MESSAGE"`, "/dev/null"], {
      env: cliEnvironment({
        ...environment,
        GUILDS_URL: served.server.url,
        GUILDS_TOKEN: served.token,
        GUILDS_TEST_MESSAGE: message,
        TERM: "xterm-256color",
      }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}
