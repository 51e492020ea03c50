import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The login files each CLI leaves in the home (harness-clis.md, "Credentials"): every harness runs on a login. */
const LOGIN_FILES: Record<string, string> = {
  ".claude/.credentials.json": JSON.stringify({ claudeAiOauth: { accessToken: "fake" } }),
  ".claude.json": JSON.stringify({ oauthAccount: { emailAddress: "agent@example.com" } }),
  ".codex/auth.json": JSON.stringify({ auth_mode: "chatgpt", tokens: { id_token: "a.b.c" } }),
  ".gemini/oauth_creds.json": JSON.stringify({ access_token: "fake" }),
  ".config/cursor/auth.json": JSON.stringify({ accessToken: "fake" }),
  ".gemini/antigravity-cli/antigravity-oauth-token": "fake",
};

export function writeLogins(home: string): void {
  for (const [relative, content] of Object.entries(LOGIN_FILES)) {
    const file = path.join(home, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}
