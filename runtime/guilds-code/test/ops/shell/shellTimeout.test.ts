import { mkdirSync } from "node:fs";
import path from "node:path";
import { SHELL_KILL_GRACE_MS } from "@guilds/protocol/limits";
import { groupHasLiveMembers, isProcessLive } from "@guilds/runtime/processTable";
import { describe, expect } from "vitest";
import { TRANSPORTS, test } from "../../support/helperFixture.ts";
import { run, within } from "../../support/shellSupport.ts";

describe.each(TRANSPORTS)("shell timeout (%s)", (transport) => {
  test.override({ transport });
  test("past its timeout the command is stopped, with the page's trailer and exit_code: 124", async ({
    helper,
  }) => {
    mkdirSync(path.join(helper.home, "sub"));
    const { value } = await within(15_000, () =>
      run(helper, "shell", { command: "cd sub; echo started; sleep 30", timeout_seconds: 1 }),
    );
    expect(value.text).toBe("started\n[timed out after 1s; the command was stopped]\nexit_code: 124");
    // The shell's directory is recorded even when it was stopped.
    expect(value.meta).toEqual({ exit_code: 124, cwd: path.join(helper.home, "sub"), timed_out: true });
  });

  test("a group that ignores SIGTERM gets SIGKILL two seconds later, children included", async ({
    helper,
  }) => {
    const command = [
      "trap 'echo got TERM' TERM",
      "(trap '' TERM; exec sleep 30) &",
      'echo "group $$ child $!"',
      "while :; do sleep 0.1; done",
    ].join("\n");
    const { value, ms } = await within(15_000, () => run(helper, "shell", { command, timeout_seconds: 1 }));
    expect(ms).toBeGreaterThanOrEqual(1_000 + SHELL_KILL_GRACE_MS);
    const [first, ...rest] = value.text.split("\n");
    const [, group, child] = /^group (\d+) child (\d+)$/.exec(first ?? "") ?? [];
    expect(rest.slice(-2)).toEqual(["[timed out after 1s; the command was stopped]", "exit_code: 124"]);
    expect(rest).toContain("got TERM");
    expect(isProcessLive(Number(child))).toBe(false);
    expect(groupHasLiveMembers(Number(group))).toBe(false);
    expect(value.meta.timed_out).toBe(true);
  });
});
