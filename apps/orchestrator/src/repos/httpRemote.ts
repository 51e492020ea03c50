/** The user name git sends with a token when the URL names none: GitHub's; GitLab and Gitea take any name with a token. */
export const DEFAULT_TOKEN_USERNAME = "x-access-token";

/** An http(s) remote as git's credential protocol sees it. */
export interface HttpRemote {
  /** "https" or "http". */
  protocol: string;
  /** Host and port, as the URL gives them. */
  host: string;
  /** The repository's path without its leading "/", trailing "/" and ".git" (percent-encoded as in the URL). */
  repositoryPath: string;
  /** The URL's user name, else DEFAULT_TOKEN_USERNAME. */
  username: string;
}

/** The remote of an http(s) URL; null for ssh, scp-like and other URLs (a token does not reach them). */
export function httpRemoteOf(url: string): HttpRemote | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  const repositoryPath = parsed.pathname
    .replace(/^\/+/, "")
    .replace(/\/+$/, "")
    .replace(/\.git$/, "");
  return {
    protocol: parsed.protocol.slice(0, -1),
    host: parsed.host,
    repositoryPath,
    username: parsed.username === "" ? DEFAULT_TOKEN_USERNAME : decodeURIComponent(parsed.username),
  };
}
