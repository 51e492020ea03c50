import type { CredentialFound, CredentialInput } from "./driver.ts";
import { firstSetVariable } from "./environment.ts";
import { homeFile, readJsonObject } from "./homeFiles.ts";
import { type JsonObject, objectAt, stringAt } from "./json.ts";
import { jwtPayload } from "./jwtPayload.ts";

const AUTH_FILE = "~/.codex/auth.json";
/** Codex 0.171 sends only CODEX_API_KEY with its built-in provider; older versions read OPENAI_API_KEY. */
export const CODEX_KEY_VARIABLES = ["CODEX_API_KEY", "OPENAI_API_KEY"] as const;

export function codexCredential({ home, env }: CredentialInput): CredentialFound {
  const auth = readJsonObject(homeFile(home, AUTH_FILE));
  const tokens = objectAt(auth, "tokens");
  const mode = stringAt(auth, "auth_mode");
  // Files written before auth_mode existed hold the ChatGPT tokens alone.
  if (mode === "chatgpt" || (mode === null && tokens !== null)) {
    return { kind: "login", account: accountOf(tokens), source: AUTH_FILE };
  }
  const key = firstSetVariable(env, CODEX_KEY_VARIABLES);
  if (key) return { kind: "secret", account: null, source: key };
  if ((mode === "apikey" || mode === null) && (stringAt(auth, "OPENAI_API_KEY") ?? "") !== "") {
    return { kind: "secret", account: null, source: AUTH_FILE };
  }
  return { kind: "none", account: null, source: null };
}

/** The email claim of the ChatGPT id_token. */
function accountOf(tokens: JsonObject | null): string | null {
  const idToken = stringAt(tokens, "id_token");
  const claims = idToken ? jwtPayload(idToken) : null;
  return (
    stringAt(claims, "email") || stringAt(objectAt(claims, "https://api.openai.com/profile"), "email") || null
  );
}
