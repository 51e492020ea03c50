import type { CredentialFound, CredentialInput } from "./driver.ts";
import { homeFile, isNonEmptyFile } from "./homeFiles.ts";

/** In a container agy keeps its Google sign-in in this file (else the OS keyring). It has no API key. */
const LOGIN_FILE = "~/.gemini/antigravity-cli/antigravity-oauth-token";

export function antigravityCredential({ home }: CredentialInput): CredentialFound {
  if (isNonEmptyFile(homeFile(home, LOGIN_FILE))) return { kind: "login", account: null, source: LOGIN_FILE };
  return { kind: "none", account: null, source: null };
}
