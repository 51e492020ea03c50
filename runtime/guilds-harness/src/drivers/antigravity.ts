import { TASK_TIMEOUT_MAX_MINUTES } from "@guilds/protocol/harnessLimits";
import { removeAntigravityConfiguration } from "./antigravityConfig.ts";
import { antigravityCredential } from "./antigravityCredential.ts";
import { createAntigravityParser } from "./antigravityEvents.ts";
import type { HarnessDriver, Launch, LaunchInput } from "./driver.ts";
import { variablesToUnset } from "./environment.ts";
import { promptFileInstruction } from "./promptFileInstruction.ts";
import { VERSION_FLAG } from "./versionToken.ts";

function launchAntigravity(input: LaunchInput): Launch {
  const argv = [
    "agy",
    "-p",
    promptFileInstruction(input.promptFile),
    "--output-format",
    "stream-json",
    "--dangerously-skip-permissions",
    // Without it agy may work in ~/.gemini/antigravity-cli/scratch.
    "--add-dir",
    input.repoDir,
    // -p stops after 5 minutes by default; the task's own timeout stops it first.
    "--print-timeout",
    `${TASK_TIMEOUT_MAX_MINUTES}m`,
  ];
  if (input.model) argv.push("--model", input.model);
  if (input.sessionId) argv.push("--conversation", input.sessionId);
  return {
    argv,
    setEnv: { AGY_CLI_DISABLE_AUTO_UPDATE: "true" },
    unsetEnv: variablesToUnset(input.env, []),
    prompt: "file",
  };
}

export const antigravityDriver: HarnessDriver = {
  name: "antigravity",
  binary: "agy",
  ...VERSION_FLAG,
  credential: antigravityCredential,
  removeLocalConfiguration: removeAntigravityConfiguration,
  launch: launchAntigravity,
  createParser: createAntigravityParser,
};
