import type { HarnessName, ResultMeta } from "@guilds/protocol/harness";
import { describe, expect } from "vitest";
import { fixtureLog } from "./fakeClis.ts";
import { test } from "./harnessFixture.ts";
import { cliRecord, okMeta, pollToEnd, startTask } from "./taskSteps.ts";

const BRIEF = "List the files of the repository.";

/** Each harness end to end: a fake CLI under the real binary's name replays its documented events. */
const CASES: Array<{
  harness: HarnessName;
  prompt: "stdin" | "file";
  lines: string[];
  sessionId: string;
  finalMessage: string;
  version: string;
}> = [
  {
    harness: "claude",
    prompt: "stdin",
    lines: ["Claude Code started (claude-sonnet-4-5)", "Bash: ls", "I ran ls. Hello from the fake model."],
    sessionId: "85b686e1-ef47-49d1-8fe2-1f417a920d23",
    finalMessage: "I ran ls. Hello from the fake model.",
    version: "2.1.197",
  },
  {
    harness: "codex",
    prompt: "stdin",
    lines: ["Codex started", "command_execution: /bin/bash -lc ls", "I ran ls. Hello from the fake model."],
    sessionId: "01a229b2-15e5-74e3-ae7a-cda1b128927d",
    finalMessage: "I ran ls. Hello from the fake model.",
    version: "0.171.0",
  },
  {
    harness: "gemini",
    prompt: "stdin",
    lines: [
      "Gemini CLI started (gemini-2.5-flash)",
      "run_shell_command: ls",
      "I ran ls. Hello from the fake model.",
    ],
    sessionId: "9e922c73-023d-4545-be8f-21bdb3b5dba3",
    finalMessage: "I ran ls. Hello from the fake model.",
    version: "0.61.0",
  },
  {
    harness: "cursor",
    prompt: "file",
    lines: [
      "Cursor started (Claude 4.5 Sonnet)",
      "I'll count the lines of README.md.",
      "shell: wc -l README.md",
      "edit: README.md",
      "README.md has 3 lines; I fixed a typo in it.",
    ],
    sessionId: "6f1c2a3e-4b5d-4e7f-8a9b-0c1d2e3f4a5b",
    finalMessage: "README.md has 3 lines; I fixed a typo in it.",
    version: "2026.01.09-1a2b3c4",
  },
  {
    harness: "antigravity",
    prompt: "file",
    lines: [
      "Antigravity started (gemini-3-pro)",
      "I'll list the files.",
      "run_command: ls",
      "There is one file, README.md.",
    ],
    sessionId: "c0ffee00-1234-4abc-8def-0123456789ab",
    finalMessage: "There is one file, README.md.",
    version: "1.1.22",
  },
];

describe("each harness against its fake CLI", () => {
  for (const expected of CASES) {
    test(`${expected.harness}: the brief by ${expected.prompt}, progress, session and result`, async ({
      harness,
    }) => {
      const record = harness.file("record.json");
      const started = okMeta(
        await startTask(harness, expected.harness, {
          brief: BRIEF,
          scenario: { record, steps: [{ stdoutFile: fixtureLog(expected.harness) }] },
        }),
      );
      const cli = await cliRecord(record);
      expect(cli.argv.join(" ")).not.toContain(BRIEF);
      if (expected.prompt === "stdin") {
        expect(cli.stdin).toBe(BRIEF);
      } else {
        expect(cli.stdin).toBe("");
        expect(cli.argv.join(" ")).toContain(`${harness.home}/${started.prompt_path}`);
      }
      const polled = await pollToEnd(harness, expected.harness);
      expect(polled.lines).toEqual(expected.lines);
      expect(polled.sessionId).toBe(expected.sessionId);
      const result = okMeta<ResultMeta>(await harness.call("result", { harness: expected.harness }));
      expect(result).toMatchObject({
        final_message: expected.finalMessage,
        session_id: expected.sessionId,
        exit_code: 0,
        turn_error: false,
        unparsed: 0,
        version: expected.version,
      });
    });
  }

  test("a resumed session and the run's model reach the CLI's command line", async ({ harness }) => {
    const record = harness.file("record.json");
    okMeta(
      await startTask(harness, "claude", {
        model: "claude-opus-4-1",
        sessionId: "85b686e1-ef47-49d1-8fe2-1f417a920d23",
        scenario: { record },
      }),
    );
    const cli = await cliRecord(record);
    expect(cli.argv).toEqual(expect.arrayContaining(["--model", "claude-opus-4-1"]));
    expect(cli.argv).toEqual(expect.arrayContaining(["--resume", "85b686e1-ef47-49d1-8fe2-1f417a920d23"]));
    await pollToEnd(harness, "claude");
  });
});
