import { GuildsError } from "@guilds/protocol/guildsError";
import { type HttpRemote, httpRemoteOf } from "./httpRemote.ts";
import type { RepositoryCredentials } from "./repositoryTokens.ts";

/** The section of the tokens file; its subsections are URLs, matched with `git config --get-urlmatch`. */
export const TOKEN_SECTION = "guilds-token";

interface TokenEntry {
  url: string;
  username: string;
  token: string;
}

/**
 * The tokens file in git-config syntax, so that git itself parses it and picks the entry that best
 * matches the URL it asks for (longest path prefix). Each repository's path is written with and
 * without ".git", as remotes are spelled both ways. When every repository of a host has the same
 * token, the host gets an entry too, for its other paths (a fork, a dependency); otherwise another
 * path of it gets nothing. Only http(s) remotes are written: a token does not reach ssh.
 */
export function renderTokensFile(credentials: RepositoryCredentials): string {
  const entries: TokenEntry[] = [];
  const byHost = new Map<string, TokenEntry[]>();
  for (const [name, credential] of Object.entries(credentials)) {
    checkNoControlCharacter(name, "token", credential.token);
    const remote = httpRemoteOf(credential.url);
    if (remote === null) continue;
    checkNoControlCharacter(name, "URL's user name", remote.username);
    const hostUrl = `${remote.protocol}://${remote.host}`;
    const forRepository = repositoryUrls(hostUrl, remote).map((url) => ({
      url,
      username: remote.username,
      token: credential.token,
    }));
    entries.push(...forRepository);
    byHost.set(hostUrl, [...(byHost.get(hostUrl) ?? []), ...forRepository]);
  }
  for (const [hostUrl, onHost] of byHost) {
    const [first] = onHost;
    const shared = onHost.every(
      (entry) => entry.token === first?.token && entry.username === first?.username,
    );
    if (first && shared && !entries.some((entry) => entry.url === hostUrl))
      entries.push({ ...first, url: hostUrl });
  }
  const header =
    "# Repository tokens for guilds-credential-helper. Kept up to date before each call; gone with the machine.\n";
  return header + entries.map(renderEntry).join("");
}

function repositoryUrls(hostUrl: string, remote: HttpRemote): string[] {
  if (remote.repositoryPath === "") return [hostUrl];
  const base = `${hostUrl}/${remote.repositoryPath}`;
  return [base, `${base}.git`];
}

function renderEntry(entry: TokenEntry): string {
  return (
    `[${TOKEN_SECTION} ${quoted(entry.url)}]\n` +
    `\tusername = ${quoted(entry.username)}\n` +
    `\tpassword = ${quoted(entry.token)}\n`
  );
}

/** A git-config quoted string: only \ and " are escaped there. */
function quoted(value: string): string {
  return `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

/** A control character (a newline above all) would end the value, or the line git reads it from. */
function checkNoControlCharacter(name: string, what: string, value: string): void {
  for (const character of value) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) {
      throw new GuildsError(
        "repository.token_invalid",
        `The ${what} of the repository ${name} holds a control character (a newline?); set it again without one.`,
      );
    }
  }
}
