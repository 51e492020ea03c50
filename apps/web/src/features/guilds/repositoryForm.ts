import type { CreateRepositoryBodyInput } from "@guilds/protocol/apiRequests";

/*
 * The add-repository form checked and turned into POST /api/guilds/{id}/repositories (the
 * protocol's CreateRepositoryBody): a name and either a git URL (with an optional token) or a local
 * path on the server's host (apps/orchestrator/src/store/names.ts).
 */

export const REPOSITORY_NAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const REPOSITORY_NAME_MAX_LENGTH = 100;

export type RepositorySource = "url" | "local";

export interface RepositoryFormValues {
  name: string;
  source: RepositorySource;
  url: string;
  /** Write-only: sent once, never shown. */
  token: string;
  localPath: string;
}

export type RepositoryFormErrors = Partial<Record<keyof RepositoryFormValues, string>>;

export function emptyRepositoryForm(): RepositoryFormValues {
  return { name: "", source: "url", url: "", token: "", localPath: "" };
}

/** "https://github.com/acme/shop.git" → "shop": the folder git itself would clone into. */
export function repositoryNameFromSource(source: string): string {
  const last = source.trim().replace(/\/+$/, "").split(/[/:]/).pop() ?? "";
  const name = last.replace(/\.git$/, "");
  return REPOSITORY_NAME_PATTERN.test(name) && name !== "." && name !== ".." ? name : "";
}

export function buildRepositoryBody(
  values: RepositoryFormValues,
): { ok: true; body: CreateRepositoryBodyInput } | { ok: false; errors: RepositoryFormErrors } {
  const errors: RepositoryFormErrors = {};
  const name = values.name.trim();
  if (name === "") errors.name = "Name the repository: it is cloned to repos/<name> in each agent's home.";
  else if (
    !REPOSITORY_NAME_PATTERN.test(name) ||
    name === "." ||
    name === ".." ||
    name.length > REPOSITORY_NAME_MAX_LENGTH
  ) {
    errors.name = `A repository's name becomes its folder repos/<name>: use letters, digits, ".", "_" and "-" (up to ${REPOSITORY_NAME_MAX_LENGTH}, not "." or "..").`;
  }
  const url = values.url.trim();
  const localPath = values.localPath.trim();
  if (values.source === "url" && url === "") {
    errors.url =
      "Give the git remote's URL, such as https://github.com/acme/shop.git or git@github.com:acme/shop.git.";
  }
  if (values.source === "local" && localPath === "") {
    errors.localPath = "Give the path of a git repository on the server's host, such as /srv/git/shop.";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (values.source === "local") return { ok: true, body: { name, local_path: localPath } };
  const token = values.token.trim();
  return { ok: true, body: token === "" ? { name, url } : { name, url, token } };
}
