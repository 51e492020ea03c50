import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { createSampleRepository } from "../../src/repos/sampleRepository.ts";
import { tempFolder } from "./repoMachine.ts";

const scratch = tempFolder("guilds-sample-");
afterAll(() => scratch.remove());

function git(repository: string, ...args: string[]): string {
  return execFileSync("git", ["-C", repository, ...args], { encoding: "utf8" });
}

describe("createSampleRepository", () => {
  test("a small Node project with tests and a TODO, in two commits on main", async () => {
    const repository = await createSampleRepository(path.join(scratch.folder, "one", "tally"));
    expect(git(repository, "log", "--format=%s|%an|%aI")).toBe(
      "List the most frequent words|guilds demo|2024-01-01T10:00:00+00:00\n" +
        "Count the words of a text|guilds demo|2024-01-01T09:00:00+00:00\n",
    );
    expect(git(repository, "branch", "--show-current")).toBe("main\n");
    expect(git(repository, "ls-files").split("\n").filter(Boolean)).toEqual([
      "README.md",
      "package.json",
      "src/words.js",
      "test/words.test.js",
    ]);
    expect(git(repository, "status", "--porcelain")).toBe("");
    expect(readFileSync(path.join(repository, "src", "words.js"), "utf8")).toContain("// TODO:");
    const tested = execFileSync(process.execPath, ["--test"], { cwd: repository, encoding: "utf8" });
    expect(tested).toContain("# pass 2");
  });

  test("the same to the commit hash every time", async () => {
    const first = await createSampleRepository(path.join(scratch.folder, "a"));
    const second = await createSampleRepository(path.join(scratch.folder, "b"));
    expect(git(first, "rev-parse", "HEAD")).toBe(git(second, "rev-parse", "HEAD"));
  });

  test("leaves a repository that is there alone, and refuses a folder of other files", async () => {
    const repository = await createSampleRepository(path.join(scratch.folder, "again"));
    writeFileSync(path.join(repository, "LOCAL.md"), "mine\n");
    await createSampleRepository(repository);
    expect(readFileSync(path.join(repository, "LOCAL.md"), "utf8")).toBe("mine\n");

    const occupied = path.join(scratch.folder, "occupied");
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, "file.txt"), "x");
    await expect(createSampleRepository(occupied)).rejects.toMatchObject({
      code: "repository.sample_failed",
    });
  });
});
