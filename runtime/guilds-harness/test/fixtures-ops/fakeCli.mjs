// A stand-in for the harness CLIs (claude, codex, gemini, agent, agy), run through a wrapper that
// passes its name first: `node fakeCli.mjs <name> <args...>`. `--version` prints the version line
// the real CLI prints. Otherwise it records what it was given (argv, environment, working
// directory, stdin, pid and process group) and plays the scenario of FAKE_CLI_SCENARIO, a JSON file:
//   { "record": "<file>", "trapTerm": true, "exitCode": 0,
//     "steps": [ {"stdout": "text"}, {"stdoutFile": "<file>"}, {"stderr": "text"}, {"sleepMs": 100},
//                {"waitFor": "<file>"}, {"touch": "<file>"}, {"spawnChild": "<pid file>"},
//                {"shell": "<command>"} ] }
// trapTerm ignores SIGTERM; spawnChild starts a child in the CLI's process group that ignores it too.
// shell starts `sh -c <command>` in the CLI's process group, as a CLI's shell tool does, and goes on
// without waiting for it.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

const VERSIONS = {
  claude: "2.1.197 (Claude Code)",
  codex: "codex-cli 0.171.0",
  gemini: "0.61.0",
  agent: "2026.01.09-1a2b3c4",
  agy: "agy version 1.1.22",
};

const [name = "", ...args] = process.argv.slice(2);
if (args.includes("--version")) {
  process.stdout.write(`${VERSIONS[name] ?? "0.0.0"}\n`);
  process.exit(0);
}

const scenario = process.env.FAKE_CLI_SCENARIO
  ? JSON.parse(readFileSync(process.env.FAKE_CLI_SCENARIO, "utf8"))
  : { steps: [] };
if (scenario.trapTerm) process.on("SIGTERM", () => {});

if (scenario.record) {
  writeFileSync(
    scenario.record,
    JSON.stringify({
      name,
      argv: args,
      env: process.env,
      cwd: process.cwd(),
      stdin: readStdin(),
      pid: process.pid,
      processGroup: processGroupOf(process.pid),
    }),
  );
}

for (const step of scenario.steps ?? []) {
  if (step.stdout !== undefined) writeSync(1, step.stdout);
  if (step.stdoutFile !== undefined) writeSync(1, readFileSync(step.stdoutFile));
  if (step.stderr !== undefined) writeSync(2, step.stderr);
  if (step.sleepMs !== undefined) await sleep(step.sleepMs);
  if (step.waitFor !== undefined) while (!existsSync(step.waitFor)) await sleep(20);
  if (step.touch !== undefined) writeFileSync(step.touch, "done");
  if (step.spawnChild !== undefined) {
    const child = spawn(
      process.execPath,
      ["-e", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);"],
      { stdio: "ignore" },
    );
    writeFileSync(step.spawnChild, String(child.pid));
    child.unref();
  }
  if (step.shell !== undefined) spawn("/bin/sh", ["-c", step.shell], { stdio: "ignore" }).unref();
}
process.exit(scenario.exitCode ?? 0);

/** The whole of stdin: the prompt file, or nothing when it is closed. */
function readStdin() {
  try {
    return readFileSync(0, "utf8");
  } catch {
    return null;
  }
}

function processGroupOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
}
