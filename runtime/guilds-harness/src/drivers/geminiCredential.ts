import type { CredentialFound, CredentialInput } from "./driver.ts";
import { firstSetVariable } from "./environment.ts";
import { homeFile, readJsonObject } from "./homeFiles.ts";
import { stringAt } from "./json.ts";

const LOGIN_FILE = "~/.gemini/oauth_creds.json";
export const GEMINI_KEY_VARIABLES = ["GEMINI_API_KEY", "GOOGLE_API_KEY"] as const;

export function geminiCredential({ home, env }: CredentialInput): CredentialFound {
  const login = readJsonObject(homeFile(home, LOGIN_FILE));
  if (login !== null && Object.keys(login).length > 0) {
    const accounts = readJsonObject(homeFile(home, "~/.gemini/google_accounts.json"));
    return { kind: "login", account: stringAt(accounts, "active") || null, source: LOGIN_FILE };
  }
  const key = firstSetVariable(env, GEMINI_KEY_VARIABLES);
  if (key) return { kind: "secret", account: null, source: key };
  return { kind: "none", account: null, source: null };
}
