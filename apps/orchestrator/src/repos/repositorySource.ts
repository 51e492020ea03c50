import path from "node:path";
import { fileURLToPath } from "node:url";
import { GuildsError } from "@guilds/protocol/guildsError";

/** Where a repository comes from: a git remote, or a git repository on the server's host. */
export type RepositorySource = { url: string } | { localPath: string };

/** A repository of a guild as a machine needs it: its folder name (repos/<name>) and its source. */
export interface RepositorySpec {
  name: string;
  source: RepositorySource;
}

/**
 * How a source reaches the machine. A remote is cloned by git inside it. A host path (a local
 * path, or a file:// URL, which names a path of this host too) is out of the sandbox's sight: it
 * is imported, and `origin` is what the clone shows as its remote.
 */
export type CloneRoute =
  | { kind: "remote"; url: string; embeddedToken?: string }
  | { kind: "host"; path: string; origin: string };

const REMOTE_SCHEMES = ["https:", "http:", "ssh:", "git:", "git+ssh:", "ssh+git:"];
/**
 * scp-like syntax: [user@]host:path. Neither may start with "-" (it would reach ssh as an option),
 * and "transport::address" (ext::, a remote helper) is not one.
 */
const SCP_LIKE = /^(?:[A-Za-z0-9_][A-Za-z0-9._~-]*@)?[A-Za-z0-9][A-Za-z0-9.-]*:(?!:|\/\/)/;

/** A repository as the store keeps it (exactly one of url and localPath set) as a spec. */
export function repositorySpecOf(stored: {
  name: string;
  url: string | null;
  localPath: string | null;
}): RepositorySpec {
  if (stored.url !== null) return { name: stored.name, source: { url: stored.url } };
  if (stored.localPath !== null) return { name: stored.name, source: { localPath: stored.localPath } };
  throw sourceInvalid(`The repository ${stored.name} has neither a URL nor a local path; set one.`);
}

export function cloneRoute(source: RepositorySource): CloneRoute {
  if ("localPath" in source) {
    if (!path.isAbsolute(source.localPath)) {
      throw sourceInvalid(`A local path source must be absolute, not ${JSON.stringify(source.localPath)}.`);
    }
    const local = path.resolve(source.localPath);
    return { kind: "host", path: local, origin: local };
  }
  const { url } = source;
  if (url.startsWith("file://")) return { kind: "host", path: hostPathOfFileUrl(url), origin: url };
  if (SCP_LIKE.test(url)) return { kind: "remote", url };
  const parsed = parseUrl(url);
  if (!REMOTE_SCHEMES.includes(parsed.protocol)) {
    throw sourceInvalid(
      `A repository URL is https://, http://, ssh://, git:// or user@host:path (or file:// for a path on this host), not ${JSON.stringify(url)}.`,
    );
  }
  return parsed.password === "" ? { kind: "remote", url } : withoutPassword(parsed);
}

/**
 * A password in an http(s) URL never reaches the clone's config: the clone gets the URL without
 * it, and the password serves as the repository's token when it has no other.
 */
function withoutPassword(parsed: URL): CloneRoute {
  const embeddedToken = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { kind: "remote", url: parsed.href, embeddedToken };
}

function parseUrl(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw sourceInvalid(
      `${JSON.stringify(url)} is not a URL git can clone; give https://host/path or user@host:path.`,
    );
  }
}

function hostPathOfFileUrl(url: string): string {
  try {
    return fileURLToPath(url);
  } catch {
    throw sourceInvalid(
      `${JSON.stringify(url)} is not a file:// URL of a path on this host (file:///absolute/path).`,
    );
  }
}

function sourceInvalid(message: string): GuildsError {
  return new GuildsError("repository.source_invalid", message);
}
