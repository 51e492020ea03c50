import type { CredentialFound, CredentialInput } from "./driver.ts";
import { firstSetVariable } from "./environment.ts";
import { homeFile, readJsonObject } from "./homeFiles.ts";
import { objectAt, stringAt } from "./json.ts";

const LOGIN_FILE = "~/.claude/.credentials.json";
/** A subscription token (`claude setup-token`); Claude Code prefers it to the login file. */
const OAUTH_TOKEN_VARIABLE = "CLAUDE_CODE_OAUTH_TOKEN";
export const CLAUDE_KEY_VARIABLES = ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"] as const;

export function claudeCredential({ home, env }: CredentialInput): CredentialFound {
  if (firstSetVariable(env, [OAUTH_TOKEN_VARIABLE])) {
    return { kind: "login", account: null, source: OAUTH_TOKEN_VARIABLE };
  }
  if (objectAt(readJsonObject(homeFile(home, LOGIN_FILE)), "claudeAiOauth")) {
    return { kind: "login", account: claudeAccount(home), source: LOGIN_FILE };
  }
  const key = firstSetVariable(env, CLAUDE_KEY_VARIABLES);
  if (key) return { kind: "secret", account: null, source: key };
  return { kind: "none", account: null, source: null };
}

function claudeAccount(home: string): string | null {
  const account = objectAt(readJsonObject(homeFile(home, "~/.claude.json")), "oauthAccount");
  return stringAt(account, "emailAddress") || stringAt(account, "organizationName") || null;
}
