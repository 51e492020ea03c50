import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { repositoryFolder } from "../../src/repos/repositoryFolder.ts";
import { cloneRoute, repositorySpecOf } from "../../src/repos/repositorySource.ts";
import {
  repositoryCredentials,
  repositoryTokenSecrets,
  repoTokensForRequest,
} from "../../src/repos/repositoryTokens.ts";
import { renderTokensFile, TOKEN_SECTION } from "../../src/repos/tokensFile.ts";
import { defaultWorkingDirectory } from "../../src/toolbox/workingDirectory.ts";
import { tempFolder } from "./repoMachine.ts";

const scratch = tempFolder("guilds-tokens-");
afterAll(() => scratch.remove());

/** What git itself reads from the tokens file for a URL (the helper asks exactly this). */
function gitLookup(file: string, key: string, url: string): string | null {
  try {
    return execFileSync("git", ["config", "--file", file, "--get-urlmatch", `${TOKEN_SECTION}.${key}`, url], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", GIT_CONFIG_NOSYSTEM: "1" },
    }).replace(/\n$/, "");
  } catch {
    return null;
  }
}

describe("the tokens file", () => {
  test("git reads back every token as it was, quotes and backslashes included", () => {
    const file = path.join(scratch.folder, "tokens");
    const awkward = 'a"b\\c;d#e f';
    writeFileSync(
      file,
      renderTokensFile({
        app: { url: "https://git.example.com/org/app.git", token: awkward },
        port: { url: "https://git.example.com:8443/org/port/", token: "tok-port" },
        ssh: { url: "git@git.example.com:org/ssh.git", token: "tok-ssh" },
      }),
    );
    expect(gitLookup(file, "password", "https://git.example.com/org/app.git")).toBe(awkward);
    expect(gitLookup(file, "password", "https://git.example.com/org/app")).toBe(awkward);
    expect(gitLookup(file, "username", "https://git.example.com/org/app")).toBe("x-access-token");
    expect(gitLookup(file, "password", "https://git.example.com:8443/org/port.git")).toBe("tok-port");
    // Each host has one repository here, so its other paths get that repository's token.
    expect(gitLookup(file, "password", "https://git.example.com/org/fork.git")).toBe(awkward);
    expect(gitLookup(file, "password", "http://git.example.com/org/app.git")).toBeNull();
    expect(
      renderTokensFile({ ssh: { url: "git@git.example.com:org/ssh.git", token: "tok-ssh" } }),
    ).not.toContain("tok-ssh");
  });

  test("refuses a token with a newline", () => {
    expect(() =>
      renderTokensFile({ app: { url: "https://git.example.com/org/app.git", token: "tok\n[x]" } }),
    ).toThrow(expect.objectContaining({ code: "repository.token_invalid" }));
  });
});

describe("tokens for requests and redaction", () => {
  const credentials = repositoryCredentials(
    [
      { name: "app", url: "https://git.example.com/org/app.git" },
      { name: "embedded", url: "https://me:tok%2Fembedded@git.example.com/org/embedded.git" },
      { name: "local", url: null },
      { name: "tokenless", url: "https://git.example.com/org/tokenless.git" },
    ],
    { app: "tok-app", local: "ignored" },
  );

  test("the store's repositories and tokens become credentials, a URL's password a token", () => {
    expect(credentials).toEqual({
      app: { url: "https://git.example.com/org/app.git", token: "tok-app" },
      embedded: { url: "https://me@git.example.com/org/embedded.git", token: "tok/embedded" },
    });
  });

  test("repo_tokens maps each repository to its token, for GH_TOKEN", () => {
    expect(repoTokensForRequest(credentials)).toEqual({ app: "tok-app", embedded: "tok/embedded" });
  });

  test("every token is a secret for the redactor, percent-encoded too", () => {
    expect(repositoryTokenSecrets(credentials).sort()).toEqual(["tok%2Fembedded", "tok-app", "tok/embedded"]);
  });
});

describe("repository sources", () => {
  test("remotes are cloned inside, paths of this host imported", () => {
    expect(cloneRoute({ url: "git@github.com:org/app.git" })).toEqual({
      kind: "remote",
      url: "git@github.com:org/app.git",
    });
    expect(cloneRoute({ url: "ssh://git@github.com/org/app.git" })).toMatchObject({ kind: "remote" });
    expect(cloneRoute({ url: "https://github.com/org/app" })).toEqual({
      kind: "remote",
      url: "https://github.com/org/app",
    });
    expect(cloneRoute({ url: "file:///srv/app" })).toEqual({
      kind: "host",
      path: "/srv/app",
      origin: "file:///srv/app",
    });
    expect(cloneRoute({ localPath: "/srv/app/" })).toEqual({
      kind: "host",
      path: "/srv/app",
      origin: "/srv/app",
    });
  });

  test("refuses what git should not be handed", () => {
    for (const url of [
      "ext::sh -c touch% /tmp/x",
      "--upload-pack=touch /tmp/x",
      "ftp://host/x",
      "relative/path",
    ]) {
      expect(() => cloneRoute({ url })).toThrow(
        expect.objectContaining({ code: "repository.source_invalid" }),
      );
    }
  });

  test("a stored repository becomes a spec", () => {
    expect(repositorySpecOf({ name: "app", url: null, localPath: "/srv/app" })).toEqual({
      name: "app",
      source: { localPath: "/srv/app" },
    });
  });

  test("the folder is the one the toolbox starts in when the guild has one repository", () => {
    expect(repositoryFolder("app")).toBe(defaultWorkingDirectory(["app"]));
  });
});
