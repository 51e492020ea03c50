import { removeClaudeConfiguration } from "./claudeConfig.ts";
import { CLAUDE_KEY_VARIABLES, claudeCredential } from "./claudeCredential.ts";
import { createClaudeParser } from "./claudeEvents.ts";
import type { HarnessDriver, Launch, LaunchInput } from "./driver.ts";
import { offSubscriptionUnset } from "./environment.ts";
import { VERSION_FLAG } from "./versionToken.ts";

/** Variables that would move a subscription run to an API key, a cloud provider or another config dir. */
const OFF_SUBSCRIPTION = [
  ...CLAUDE_KEY_VARIABLES,
  "ANTHROPIC_BASE_URL",
  "ANTHROPIC_BEDROCK_BASE_URL",
  "CLAUDE_CODE_USE_BEDROCK",
  "CLAUDE_CODE_USE_VERTEX",
  "CLAUDE_CODE_USE_FOUNDRY",
  "CLAUDE_CODE_USE_ANTHROPIC_AWS",
  "CLAUDE_CODE_USE_MANTLE",
  "CLAUDE_CODE_USE_GATEWAY",
  "AWS_BEARER_TOKEN_BEDROCK",
  "CLAUDE_CONFIG_DIR",
];
const OFF_SUBSCRIPTION_PREFIXES = ["ANTHROPIC_VERTEX_", "ANTHROPIC_FOUNDRY_"];
/**
 * A run on an API key keeps the key and the base URL: that is how an operator points Claude Code at
 * a compatible server. Everything else of the list still goes, so the run uses the key check named.
 */
const KEPT_ON_SECRET = [...CLAUDE_KEY_VARIABLES, "ANTHROPIC_BASE_URL"];
/**
 * Claude Code retries every failed call, a rejected key (401) included, 10 times by default with
 * doubling backoffs from 0.5 s (minutes in all). Three retries fail a rejected key or a failing server
 * within seconds; an agent's own CLAUDE_CODE_MAX_RETRIES may only lower it.
 */
const MAX_RETRIES = 3;

function launchClaude(input: LaunchInput): Launch {
  // --setting-sources user: a repository's .claude/settings*.json could set an API key or a model.
  // stream-json needs --verbose with -p. The brief comes on stdin (no positional prompt).
  const argv = [
    "claude",
    "-p",
    "--output-format",
    "stream-json",
    "--verbose",
    "--dangerously-skip-permissions",
    "--setting-sources",
    "user",
  ];
  if (input.model) argv.push("--model", input.model);
  if (input.effort) argv.push("--effort", input.effort);
  if (input.sessionId) argv.push("--resume", input.sessionId);
  const setEnv: Record<string, string> = {
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_MAX_RETRIES: String(boundedRetries(input.env.CLAUDE_CODE_MAX_RETRIES)),
  };
  // --dangerously-skip-permissions refuses root unless the CLI is told it runs in a sandbox.
  if (input.asRoot) setEnv.IS_SANDBOX = "1";
  return {
    argv,
    setEnv,
    unsetEnv: offSubscriptionUnset(input, OFF_SUBSCRIPTION, KEPT_ON_SECRET, OFF_SUBSCRIPTION_PREFIXES),
    prompt: "stdin",
  };
}

function boundedRetries(asked: string | undefined): number {
  const value = Number(asked?.trim() || Number.NaN);
  return Number.isInteger(value) && value >= 0 ? Math.min(value, MAX_RETRIES) : MAX_RETRIES;
}

export const claudeDriver: HarnessDriver = {
  name: "claude",
  binary: "claude",
  ...VERSION_FLAG,
  credential: claudeCredential,
  removeLocalConfiguration: removeClaudeConfiguration,
  launch: launchClaude,
  createParser: createClaudeParser,
};
