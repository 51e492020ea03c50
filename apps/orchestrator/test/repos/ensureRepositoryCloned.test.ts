import { existsSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { GuildsError } from "@guilds/protocol/guildsError";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureRepositoryCloned } from "../../src/repos/ensureRepositoryCloned.ts";
import { createSampleRepository } from "../../src/repos/sampleRepository.ts";
import { type RepoMachine, runInside, startRepoMachine, tempFolder } from "./repoMachine.ts";

describe("ensureRepositoryCloned", () => {
  let repoMachine: RepoMachine;
  let sample: string;
  let removeHostFolder: () => void;

  beforeAll(async () => {
    const host = tempFolder("guilds-sample-");
    removeHostFolder = host.remove;
    sample = await createSampleRepository(path.join(host.folder, "tally"));
    repoMachine = await startRepoMachine("agent-repos");
  });

  afterAll(async () => {
    await repoMachine.dispose();
    removeHostFolder();
  });

  test("clones a local path into repos/<name>, inside the machine", async () => {
    const { machine, homeHost, sandboxUid } = repoMachine;
    const ensured = await ensureRepositoryCloned(machine, { name: "tally", source: { localPath: sample } });
    expect(ensured).toEqual({ folder: "repos/tally", cloned: true });

    const log = await runInside(machine, ["git", "log", "--format=%s"], {
      cwd: `${machine.home}/repos/tally`,
    });
    expect(log.stdout).toBe("List the most frequent words\nCount the words of a text\n");
    const origin = await runInside(machine, ["git", "remote", "get-url", "origin"], {
      cwd: `${machine.home}/repos/tally`,
    });
    expect(origin.stdout.trim()).toBe(sample);
    const status = await runInside(machine, ["git", "status", "--porcelain", "--branch"], {
      cwd: `${machine.home}/repos/tally`,
    });
    expect(status.stdout).toBe("## main...origin/main\n");

    const readme = path.join(homeHost, "repos", "tally", "README.md");
    expect(existsSync(readme)).toBe(true);
    expect(lstatSync(readme).uid).toBe(sandboxUid);
    expect(lstatSync(path.join(homeHost, "repos", "tally", ".git")).uid).toBe(sandboxUid);
    const strangers = await runInside(machine, [
      "bash",
      "-c",
      'find repos/tally ! -user "$(id -u)" | head -5',
    ]);
    expect(strangers.stdout).toBe("");
    // The bundle that carried it in is gone.
    const imports = path.join(repoMachine.root, "run", machine.agentId, "git", "imports");
    expect(existsSync(imports) ? readdirSync(imports) : []).toEqual([]);
  });

  test("the sample's tests run in the clone", async () => {
    const { machine } = repoMachine;
    await ensureRepositoryCloned(machine, { name: "tally", source: { localPath: sample } });
    const tested = await runInside(machine, ["node", "--test"], { cwd: `${machine.home}/repos/tally` });
    expect(tested.stdout).toContain("# pass 2");
    expect(tested.code).toBe(0);
  });

  test("leaves an existing clone alone", async () => {
    const { machine } = repoMachine;
    await ensureRepositoryCloned(machine, { name: "tally", source: { localPath: sample } });
    await runInside(machine, ["bash", "-c", "echo work > repos/tally/NOTES.md"]);
    const again = await ensureRepositoryCloned(machine, { name: "tally", source: { localPath: sample } });
    expect(again).toEqual({ folder: "repos/tally", cloned: false });
    const notes = await runInside(machine, ["cat", "repos/tally/NOTES.md"]);
    expect(notes.stdout).toBe("work\n");
  });

  test("concurrent calls clone once", async () => {
    const { machine } = repoMachine;
    const source = { localPath: sample };
    const both = await Promise.all([
      ensureRepositoryCloned(machine, { name: "twice", source }),
      ensureRepositoryCloned(machine, { name: "twice", source }),
    ]);
    expect(both).toEqual([
      { folder: "repos/twice", cloned: true },
      { folder: "repos/twice", cloned: true },
    ]);
  });

  test("a file:// URL is a path of this host, and stays the origin", async () => {
    const { machine } = repoMachine;
    const url = pathToFileURL(sample).href;
    await ensureRepositoryCloned(machine, { name: "by-url", source: { url } });
    const origin = await runInside(machine, ["git", "remote", "get-url", "origin"], {
      cwd: `${machine.home}/repos/by-url`,
    });
    expect(origin.stdout.trim()).toBe(url);
  });

  test("a path that is no repository fails with repository.clone_failed and git's words", async () => {
    const { machine } = repoMachine;
    const failure = await ensureRepositoryCloned(machine, {
      name: "missing",
      source: { localPath: "/nonexistent/guilds-repo" },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GuildsError);
    expect(failure).toMatchObject({ code: "repository.clone_failed", status: 502 });
    expect((failure as GuildsError).message).toContain("/nonexistent/guilds-repo");
    expect((failure as GuildsError).message).toMatch(/cannot change to|No such file/);
    const listed = await runInside(machine, ["ls", "repos"]);
    expect(listed.stdout.split("\n")).not.toContain("missing");
  });

  test("a failed remote clone names no token", async () => {
    const { machine } = repoMachine;
    const token = "tok-secret-in-the-path-4242";
    // Nothing listens on port 1: git fails at once, printing the URL, whose path holds the token.
    const failure = await ensureRepositoryCloned(
      machine,
      { name: "remote", source: { url: `http://x-access-token:${token}-b@127.0.0.1:1/org/${token}.git` } },
      token,
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "repository.clone_failed" });
    const message = (failure as GuildsError).message;
    expect(message).toContain("127.0.0.1");
    expect(message).toContain("[redacted]");
    expect(message).not.toContain("tok-secret");
  });

  test("refuses a name that is no folder name and a relative path", async () => {
    const { machine } = repoMachine;
    await expect(
      ensureRepositoryCloned(machine, { name: "..", source: { localPath: sample } }),
    ).rejects.toMatchObject({
      code: "repository.name_invalid",
    });
    await expect(
      ensureRepositoryCloned(machine, { name: "rel", source: { localPath: "some/where" } }),
    ).rejects.toMatchObject({ code: "repository.source_invalid" });
  });
});
