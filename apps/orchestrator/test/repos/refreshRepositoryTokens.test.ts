import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Machine } from "../../src/machines/machine.ts";
import { ensureRepositoryCloned } from "../../src/repos/ensureRepositoryCloned.ts";
import { refreshRepositoryTokens } from "../../src/repos/refreshRepositoryTokens.ts";
import type { RepositoryCredentials } from "../../src/repos/repositoryTokens.ts";
import { createSampleRepository } from "../../src/repos/sampleRepository.ts";
import { type RepoMachine, runInside, startRepoMachine, tempFolder } from "./repoMachine.ts";

const credentials: RepositoryCredentials = {
  app: { url: "https://git.example.com/org/app.git", token: "tok-app-1111" },
  web: { url: "https://git.example.com/org/web", token: "tok-web-2222" },
  lab: { url: "https://oauth2@gitlab.example.org/team/lab.git", token: 'tok-lab-"3333\\' },
};

/** What `git credential fill` answers inside the machine, as key=value pairs; null when it finds nothing. */
async function fill(machine: Machine, host: string, repositoryPath: string, cwd?: string) {
  const ran = await runInside(machine, ["git", "credential", "fill"], {
    stdin: `protocol=https\nhost=${host}\npath=${repositoryPath}\n\n`,
    cwd,
  });
  if (ran.code !== 0) return null;
  return Object.fromEntries(
    ran.stdout
      .trim()
      .split("\n")
      .map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );
}

/** Every file under `folder` on this host whose bytes hold one of `values`. */
function filesHolding(folder: string, values: readonly string[]): string[] {
  if (!existsSync(folder)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(folder, { recursive: true, encoding: "utf8" })) {
    const file = path.join(folder, entry);
    if (!statSync(file).isFile()) continue;
    const content = readFileSync(file, "latin1");
    if (values.some((value) => content.includes(value))) found.push(file);
  }
  return found;
}

describe("refreshRepositoryTokens", () => {
  let repoMachine: RepoMachine;
  let removeHostFolder: () => void;
  const tokens = Object.values(credentials).map((credential) => credential.token);

  beforeAll(async () => {
    const host = tempFolder("guilds-sample-");
    removeHostFolder = host.remove;
    const sample = await createSampleRepository(path.join(host.folder, "tally"));
    repoMachine = await startRepoMachine("agent-tokens");
    await ensureRepositoryCloned(repoMachine.machine, { name: "tally", source: { localPath: sample } });
    await refreshRepositoryTokens(repoMachine.machine, credentials);
  });

  afterAll(async () => {
    await repoMachine.dispose();
    removeHostFolder();
  });

  test("the credential helper answers each repository's path with its token", async () => {
    const { machine } = repoMachine;
    expect(await fill(machine, "git.example.com", "org/app.git")).toMatchObject({
      username: "x-access-token",
      password: "tok-app-1111",
    });
    expect(await fill(machine, "git.example.com", "org/app")).toMatchObject({ password: "tok-app-1111" });
    expect(await fill(machine, "git.example.com", "org/web.git")).toMatchObject({ password: "tok-web-2222" });
    expect(await fill(machine, "gitlab.example.org", "team/lab.git")).toMatchObject({
      username: "oauth2",
      password: 'tok-lab-"3333\\',
    });
  });

  test("another path of a host gets its token only when the host's repositories share one", async () => {
    const { machine } = repoMachine;
    expect(await fill(machine, "gitlab.example.org", "team/other.git")).toMatchObject({
      password: 'tok-lab-"3333\\',
    });
    expect(await fill(machine, "git.example.com", "org/other.git")).toBeNull();
    expect(await fill(machine, "elsewhere.example.net", "org/app.git")).toBeNull();
  });

  test("no token in the repository's config, on the home's config or anywhere in the home", async () => {
    const { machine, homeHost, root } = repoMachine;
    const repository = `${machine.home}/repos/tally`;
    expect(await fill(machine, "git.example.com", "org/app.git", repository)).toMatchObject({
      password: "tok-app-1111",
    });
    const config = await runInside(machine, ["git", "config", "--list", "--show-origin"], {
      cwd: repository,
    });
    expect(config.code).toBe(0);
    expect(config.stdout).toContain("credential.usehttppath=true");
    expect(config.stdout).toContain("guilds-credential-helper");
    for (const token of tokens) expect(config.stdout).not.toContain(token);
    expect(filesHolding(homeHost, tokens)).toEqual([]);
    const tokensFile = path.join(root, "run", machine.agentId, "git", "tokens");
    expect(statSync(tokensFile).mode & 0o777).toBe(0o600);
    expect(statSync(tokensFile).uid).toBe(repoMachine.sandboxUid);
  });

  test("the home's config has our helper once, after a reset, however often it is refreshed", async () => {
    const { machine } = repoMachine;
    await refreshRepositoryTokens(machine, credentials);
    await refreshRepositoryTokens(machine, credentials);
    const helpers = await runInside(machine, ["git", "config", "--global", "--get-all", "credential.helper"]);
    const lines = helpers.stdout.split("\n").slice(0, -1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe("");
    expect(lines[1]).toMatch(/^!bash '.*\/agent-tokens\/git\/guilds-credential-helper'$/);
  });

  test("a refresh replaces an old token, and drops a removed one", async () => {
    const { machine, root } = repoMachine;
    await refreshRepositoryTokens(machine, {
      app: { url: "https://git.example.com/org/app.git", token: "tok-app-NEW-5555" },
    });
    expect(await fill(machine, "git.example.com", "org/app.git")).toMatchObject({
      password: "tok-app-NEW-5555",
    });
    expect(await fill(machine, "gitlab.example.org", "team/lab.git")).toBeNull();
    expect(filesHolding(path.join(root, "run"), tokens)).toEqual([]);
    await refreshRepositoryTokens(machine, credentials);
  });

  test("an unchanged refresh leaves the files as they are; a changed one rewrites them", async () => {
    const { machine, root } = repoMachine;
    const tokensFile = path.join(root, "run", machine.agentId, "git", "tokens");
    const helperFile = path.join(root, "run", machine.agentId, "git", "guilds-credential-helper");
    const stamp = (file: string) => {
      const stats = statSync(file, { bigint: true });
      return { ino: stats.ino, mtime: stats.mtimeNs, ctime: stats.ctimeNs };
    };
    await refreshRepositoryTokens(machine, credentials);
    const before = { tokens: stamp(tokensFile), helper: stamp(helperFile) };
    // Past the file system's timestamp granularity, so that a rewrite would show.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await refreshRepositoryTokens(machine, { ...credentials });
    await refreshRepositoryTokens(machine, credentials);
    expect({ tokens: stamp(tokensFile), helper: stamp(helperFile) }).toEqual(before);

    const { lab: _removed, ...withoutLab } = credentials;
    await refreshRepositoryTokens(machine, withoutLab);
    expect(stamp(tokensFile).mtime).not.toBe(before.tokens.mtime);
    expect(stamp(helperFile)).toEqual(before.helper);
    expect(await fill(machine, "gitlab.example.org", "team/lab.git")).toBeNull();
    await refreshRepositoryTokens(machine, credentials);
    expect(await fill(machine, "gitlab.example.org", "team/lab.git")).toMatchObject({
      password: 'tok-lab-"3333\\',
    });
  });

  test("a restart without any change still gets both files written again", async () => {
    const { machine, root } = repoMachine;
    const gitFolder = path.join(root, "run", machine.agentId, "git");
    await refreshRepositoryTokens(machine, credentials);
    const generation = machine.runtimeGeneration();
    await machine.stop();
    expect(machine.runtimeGeneration()).toBeNull();
    await machine.start();
    expect(machine.runtimeGeneration()).not.toBe(generation);
    expect(existsSync(gitFolder)).toBe(false);
    await refreshRepositoryTokens(machine, credentials);
    expect(readdirSync(gitFolder).sort()).toEqual(["guilds-credential-helper", "tokens"]);
    expect(await fill(machine, "git.example.com", "org/app.git")).toMatchObject({ password: "tok-app-1111" });
  });

  test("the tokens are gone with the machine, and a refresh after its restart brings them back", async () => {
    const { machine, root } = repoMachine;
    await machine.stop();
    expect(filesHolding(path.join(root, "run"), [...tokens, "tok-app-NEW-5555"])).toEqual([]);
    await machine.start();
    expect(await fill(machine, "git.example.com", "org/app.git")).toBeNull();
    await refreshRepositoryTokens(machine, credentials);
    expect(await fill(machine, "git.example.com", "org/app.git")).toMatchObject({ password: "tok-app-1111" });
  });
});
