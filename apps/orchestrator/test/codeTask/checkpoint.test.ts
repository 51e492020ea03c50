import { GuildsError } from "@guilds/protocol/guildsError";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkpointRef, takeCheckpoint } from "../../src/tools/codeTask/checkpoint.ts";
import { providerSandboxes } from "../machines/providerSandboxes.ts";
import { runInside } from "../repos/repoMachine.ts";
import { startMachine, type TestMachine } from "../toolbox/machineFixture.ts";
import { committedRepository, GIT, sh } from "./repoScript.ts";

/** Everything a checkpoint must leave as it was: status, the index (its bytes too), HEAD. */
async function repositoryState(testMachine: TestMachine, folder: string) {
  const { machine } = testMachine;
  // status first: it may refresh the index file, so the index is read after it.
  const status = await sh(machine, `cd ${folder} && git status --porcelain=v1 --untracked-files=all`);
  const state = await sh(
    machine,
    `cd ${folder}
echo "index $(sha256sum .git/index 2>/dev/null | cut -c1-64)"
echo "head $(git rev-parse -q --verify HEAD || echo unborn) $(git symbolic-ref HEAD)"
git diff --cached
git ls-files --stage`,
  );
  return { status, state };
}

async function expectCheckpointError(promise: Promise<unknown>, code: string): Promise<GuildsError> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(GuildsError);
  expect((caught as GuildsError).code).toBe(code);
  return caught as GuildsError;
}

const available = await providerSandboxes();

describe.each(available)("takeCheckpoint ($label)", ({ sandbox, skipReason }) => {
  let testMachine: TestMachine;

  beforeAll(async () => {
    if (skipReason) return;
    testMachine = await startMachine(sandbox);
  });

  afterAll(async () => {
    await testMachine?.dispose();
  });

  test.skipIf(skipReason)(
    "records tracked, staged and untracked changes but no ignored file, touching nothing",
    async () => {
      const { machine } = testMachine;
      const folder = await committedRepository(machine, "work");
      await sh(
        machine,
        `cd ${folder}
printf 'one\\nTWO\\nthree\\n' > a.txt
printf 'alpha\\nbeta\\ngamma\\n' > b.txt && git add b.txt
printf 'beta only in the working tree\\n' >> b.txt
rm gone.txt
mkdir -p new/deep && printf 'fresh\\n' > new/deep/c.txt
printf 'noise\\n' > debug.log`,
      );
      const before = await repositoryState(testMachine, folder);
      const head = (await sh(machine, `cd ${folder} && git rev-parse HEAD`)).trim();
      const ref = checkpointRef("run1", "call1", "start");

      const sha = await takeCheckpoint(machine, { repoFolder: folder, ref });

      expect(sha).toMatch(/^[0-9a-f]{40}$/);
      expect(await repositoryState(testMachine, folder)).toEqual(before);
      const git = (command: string) => sh(machine, `cd ${folder} && git ${command}`);
      expect((await git(`rev-parse ${ref}`)).trim()).toBe(sha);
      expect(await git(`ls-tree -r --name-only ${sha}`)).toBe(".gitignore\na.txt\nb.txt\nnew/deep/c.txt\n");
      expect(await git(`show ${sha}:a.txt`)).toBe("one\nTWO\nthree\n");
      // The working tree's b.txt, not the staged one.
      expect(await git(`show ${sha}:b.txt`)).toBe("alpha\nbeta\ngamma\nbeta only in the working tree\n");
      expect(await git(`show ${sha}:new/deep/c.txt`)).toBe("fresh\n");
      expect(await git(`log -1 --format=%P%n%an%x20%ae%n%cn%x20%ce%n%s ${sha}`)).toBe(
        `${head}\nguilds guilds@localhost\nguilds guilds@localhost\ncheckpoint ${ref}\n`,
      );
      // No temporary index left in the git dir.
      expect(await sh(machine, `ls -a ${folder}/.git | grep -c guilds || true`)).toBe("0\n");
    },
  );

  test.skipIf(skipReason)("a second checkpoint of an unchanged tree has the same tree", async () => {
    const { machine } = testMachine;
    const folder = await committedRepository(machine, "twice");
    await sh(machine, `cd ${folder} && printf 'x\\n' > x.txt`);
    const first = await takeCheckpoint(machine, {
      repoFolder: folder,
      ref: "refs/guild/runs/r/tasks/c/start",
    });
    const second = await takeCheckpoint(machine, {
      repoFolder: folder,
      ref: "refs/guild/runs/r/tasks/c/end",
    });
    const trees = await sh(machine, `cd ${folder} && git rev-parse ${first}^{tree} ${second}^{tree}`);
    const [firstTree, secondTree] = trees.trim().split("\n");
    expect(secondTree).toBe(firstTree);
  });

  test.skipIf(skipReason)(
    "an unborn repository gives a commit without a parent and stays unborn",
    async () => {
      const { machine } = testMachine;
      const folder = "repos/unborn";
      await sh(
        machine,
        `mkdir -p ${folder} && cd ${folder} && git init -q -b main
printf 'staged\\n' > staged.txt && git add staged.txt
printf 'loose\\n' > loose.txt`,
      );
      const before = await repositoryState(testMachine, folder);

      const sha = await takeCheckpoint(machine, {
        repoFolder: folder,
        ref: checkpointRef("r", "c", "start"),
      });

      expect(await repositoryState(testMachine, folder)).toEqual(before);
      expect(before.state).toContain("head unborn refs/heads/main");
      const git = (command: string) => sh(machine, `cd ${folder} && git ${command}`);
      expect(await git(`rev-list --parents ${sha}`)).toBe(`${sha}\n`);
      expect(await git(`ls-tree -r --name-only ${sha}`)).toBe("loose.txt\nstaged.txt\n");
    },
  );

  test.skipIf(skipReason)("an unborn repository with nothing in it gives the empty tree", async () => {
    const { machine } = testMachine;
    const folder = "repos/empty";
    await sh(machine, `mkdir -p ${folder} && cd ${folder} && git init -q -b main`);
    const sha = await takeCheckpoint(machine, { repoFolder: folder, ref: checkpointRef("r", "c", "start") });
    expect((await sh(machine, `cd ${folder} && git rev-parse ${sha}^{tree}`)).trim()).toBe(
      "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
    );
  });

  test.skipIf(skipReason)(
    "in the middle of a merge conflict, the conflicted file as it is in the working tree",
    async () => {
      const { machine } = testMachine;
      const folder = await committedRepository(machine, "conflict");
      await sh(
        machine,
        `cd ${folder}
git checkout -q -b other && printf 'theirs\\n' > a.txt && ${GIT} commit -q -am theirs
git checkout -q main && printf 'ours\\n' > a.txt && ${GIT} commit -q -am ours
${GIT} merge -q other >/dev/null 2>&1 || true`,
      );
      const before = await repositoryState(testMachine, folder);
      expect(before.status).toContain("UU a.txt");

      const sha = await takeCheckpoint(machine, {
        repoFolder: folder,
        ref: checkpointRef("r", "c", "start"),
      });

      expect(await repositoryState(testMachine, folder)).toEqual(before);
      const recorded = await sh(machine, `cd ${folder} && git show ${sha}:a.txt`);
      expect(recorded).toBe(await sh(machine, `cat ${folder}/a.txt`));
      expect(recorded).toContain("<<<<<<< HEAD");
    },
  );

  test.skipIf(skipReason)(
    "a folder that is not a repository is checkpoint.failed with git's words",
    async () => {
      const { machine } = testMachine;
      await sh(machine, "mkdir -p repos/plain && echo hi > repos/plain/file.txt");
      const error = await expectCheckpointError(
        takeCheckpoint(machine, { repoFolder: "repos/plain", ref: checkpointRef("r", "c", "start") }),
        "checkpoint.failed",
      );
      expect(error.message).toContain(
        "The checkpoint of repos/plain at refs/guild/runs/r/tasks/c/start failed (exit 128). git said:\n" +
          "  fatal: not a git repository",
      );
    },
  );

  test.skipIf(skipReason)(
    "a folder inside another repository's working tree is not taken for it",
    async () => {
      const { machine } = testMachine;
      const outer = await committedRepository(machine, "outer");
      await sh(machine, `mkdir -p ${outer}/inner && echo hi > ${outer}/inner/file.txt`);
      const error = await expectCheckpointError(
        takeCheckpoint(machine, { repoFolder: `${outer}/inner`, ref: checkpointRef("r", "c", "start") }),
        "checkpoint.failed",
      );
      expect(error.message).toContain("not a git repository");
      expect(await sh(machine, `cd ${outer} && git for-each-ref refs/guild`)).toBe("");
    },
  );

  test.skipIf(skipReason)("a missing folder is checkpoint.failed", async () => {
    const { machine } = testMachine;
    const error = await expectCheckpointError(
      takeCheckpoint(machine, { repoFolder: "repos/missing", ref: checkpointRef("r", "c", "start") }),
      "checkpoint.failed",
    );
    expect(error.message).toContain("No such file or directory");
  });

  test.skipIf(skipReason)("an aborted signal stops it: no ref, no temporary index left", async () => {
    const { machine } = testMachine;
    const folder = await committedRepository(machine, "aborted");
    await sh(machine, `cd ${folder} && printf 'x\\n' > x.txt`);
    const ref = checkpointRef("r", "c", "start");

    await expectCheckpointError(
      takeCheckpoint(machine, { repoFolder: folder, ref, signal: AbortSignal.abort() }),
      "checkpoint.cancelled",
    );
    const controller = new AbortController();
    const running = takeCheckpoint(machine, { repoFolder: folder, ref, signal: controller.signal });
    controller.abort();
    await expectCheckpointError(running, "checkpoint.cancelled");

    expect(await sh(machine, `cd ${folder} && git for-each-ref refs/guild`)).toBe("");
    expect(await sh(machine, `ls -a ${folder}/.git | grep -c guilds || true`)).toBe("0\n");
  });

  test.skipIf(skipReason)("past its deadline it is checkpoint.timeout", async () => {
    const { machine } = testMachine;
    const folder = await committedRepository(machine, "slow");
    const error = await expectCheckpointError(
      takeCheckpoint(machine, { repoFolder: folder, ref: checkpointRef("r", "c", "start"), timeoutMs: 1 }),
      "checkpoint.timeout",
    );
    expect(error.message).toBe("The checkpoint in repos/slow took longer than 0.001 s and was stopped.");
  });

  test.skipIf(skipReason)("works while another git command holds the repository's index.lock", async () => {
    const { machine } = testMachine;
    const folder = await committedRepository(machine, "locked");
    await sh(machine, `cd ${folder} && printf 'x\\n' > x.txt && touch .git/index.lock`);
    const sha = await takeCheckpoint(machine, { repoFolder: folder, ref: checkpointRef("r", "c", "start") });
    const listed = await runInside(machine, ["git", "ls-tree", "-r", "--name-only", sha], {
      cwd: `${machine.home}/${folder}`,
    });
    expect(listed.stdout).toContain("x.txt");
    expect(await sh(machine, `cd ${folder} && ls .git/index.lock`)).toBe(".git/index.lock\n");
  });
});
