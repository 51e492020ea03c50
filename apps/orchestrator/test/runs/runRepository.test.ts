import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { createSampleRepository } from "../../src/repos/sampleRepository.ts";
import { createRunHarness, finishedTools, type RunHarness, runToEnd } from "./runFixture.ts";

let harness: RunHarness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

test("before a shell call the guild's repository is cloned, and the call starts in it", async () => {
  harness = await createRunHarness({
    script: {
      steps: [
        {
          type: "reply",
          tool_calls: [{ name: "shell", args: { command: "pwd && git log --oneline | wc -l" } }],
        },
        { type: "reply", tool_calls: [{ name: "code_search", args: { pattern: "TODO" } }] },
      ],
    },
  });
  const sample = await createSampleRepository(path.join(harness.home, "host", "tally"));
  await harness.store.repositories.create({ guildId: harness.guild.id, name: "tally", localPath: sample });
  const { events } = await runToEnd(harness, "Look at the repository.");
  const [shell, search] = finishedTools(events);
  expect(shell?.status).toBe("completed");
  expect(shell?.result).toMatch(/\/repos\/tally\n2\n\nremaining_tool_calls: 99$/);
  expect(String(shell?.metadata.cwd)).toMatch(/\/repos\/tally$/);
  expect(search?.status).toBe("completed");
  expect(search?.result).not.toContain("no matches");
});
