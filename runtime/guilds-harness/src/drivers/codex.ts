import { removeCodexConfiguration } from "./codexConfig.ts";
import { CODEX_KEY_VARIABLES, codexCredential } from "./codexCredential.ts";
import { createCodexParser } from "./codexEvents.ts";
import {
  type CodexProvider,
  removeCodexTurnFiles,
  tomlString,
  writeCodexManagedConfig,
} from "./codexManagedConfig.ts";
import type { HarnessDriver, Launch, LaunchInput } from "./driver.ts";
import { firstSetVariable, offSubscriptionUnset } from "./environment.ts";
import { VERSION_FLAG } from "./versionToken.ts";

const OFF_SUBSCRIPTION = [
  ...CODEX_KEY_VARIABLES,
  "OPENAI_BASE_URL",
  "OPENAI_ORG_ID",
  "OPENAI_PROJECT_ID",
  "CODEX_HOME",
];
/**
 * A run on an API key keeps the key, its organisation and project, and the base URL: that is how an
 * operator points Codex at a compatible server. CODEX_HOME still goes (sessions live in ~/.codex).
 */
const KEPT_ON_SECRET: readonly string[] = [
  ...CODEX_KEY_VARIABLES,
  "OPENAI_BASE_URL",
  "OPENAI_ORG_ID",
  "OPENAI_PROJECT_ID",
];
/** The variable a custom provider reads its key from, and the one the built-in provider sends. */
const KEY_VARIABLE = "CODEX_API_KEY";

function launchCodex(input: LaunchInput): Launch {
  const secret = input.credential.kind === "secret";
  const setEnv: Record<string, string> = {};
  const options = [
    "--json",
    "--dangerously-bypass-approvals-and-sandbox",
    "--skip-git-repo-check",
    "-c",
    "analytics.enabled=false",
    "-c",
    "check_for_update_on_startup=false",
  ];
  // A resumed session runs on the default model unless -m comes again.
  if (input.model) options.push("-m", input.model);
  if (input.effort) options.push("-c", `model_reasoning_effort=${tomlString(input.effort)}`);
  const keyVariable = secret ? firstSetVariable(input.env, CODEX_KEY_VARIABLES) : null;
  if (keyVariable !== null && keyVariable !== KEY_VARIABLE) {
    // Holds the key's value: Launch.setEnv is never logged nor kept.
    setEnv[KEY_VARIABLE] = input.env[keyVariable] ?? "";
  }
  const baseUrl = input.env.OPENAI_BASE_URL?.trim();
  // The built-in provider tries a WebSocket first and reads only CODEX_API_KEY; a custom provider
  // speaks plain HTTPS Responses to the URL.
  const provider: CodexProvider | null =
    keyVariable !== null && baseUrl ? { baseUrl, envKey: KEY_VARIABLE } : null;
  writeCodexManagedConfig(input.home, provider);
  // "-": the brief comes on stdin.
  const argv = input.sessionId
    ? ["codex", "exec", "resume", ...options, input.sessionId, "-"]
    : ["codex", "exec", ...options, "-"];
  return {
    argv,
    setEnv,
    unsetEnv: offSubscriptionUnset(input, OFF_SUBSCRIPTION, KEPT_ON_SECRET),
    prompt: "stdin",
  };
}

export const codexDriver: HarnessDriver = {
  name: "codex",
  binary: "codex",
  ...VERSION_FLAG,
  credential: codexCredential,
  removeLocalConfiguration: removeCodexConfiguration,
  removeTurnFiles: removeCodexTurnFiles,
  launch: launchCodex,
  createParser: createCodexParser,
};
