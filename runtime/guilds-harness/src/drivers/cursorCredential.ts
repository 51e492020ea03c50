import path from "node:path";
import type { CredentialFound, CredentialInput } from "./driver.ts";
import { firstSetVariable } from "./environment.ts";
import { displayHomePath, homeFile, readJsonObject } from "./homeFiles.ts";
import { objectAt, stringAt } from "./json.ts";

const CONFIG_FILE = "~/.cursor/cli-config.json";
export const CURSOR_KEY_VARIABLE = "CURSOR_API_KEY";

/** The login token is $XDG_CONFIG_HOME/cursor/auth.json; recent builds also keep authInfo (the email) in cli-config.json. */
export function cursorCredential({ home, env }: CredentialInput): CredentialFound {
  const authInfo = objectAt(readJsonObject(homeFile(home, CONFIG_FILE)), "authInfo");
  const account = stringAt(authInfo, "email") || null;
  const configHome = env.XDG_CONFIG_HOME?.trim() || path.join(home, ".config");
  const tokenFile = path.join(configHome, "cursor", "auth.json");
  const token = readJsonObject(tokenFile);
  if (token !== null && Object.keys(token).length > 0) {
    return { kind: "login", account, source: displayHomePath(home, tokenFile) };
  }
  if (authInfo !== null) return { kind: "login", account, source: CONFIG_FILE };
  if (firstSetVariable(env, [CURSOR_KEY_VARIABLE])) {
    return { kind: "secret", account: null, source: CURSOR_KEY_VARIABLE };
  }
  return { kind: "none", account: null, source: null };
}
