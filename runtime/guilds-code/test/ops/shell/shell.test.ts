import { existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect } from "vitest";
import { TRANSPORTS, test } from "../../support/helperFixture.ts";
import { run, within } from "../../support/shellSupport.ts";

describe.each(TRANSPORTS)("shell in the foreground (%s)", (transport) => {
  test.override({ transport });
  test("a command with no output returns (no output) and its metadata", async ({ helper }) => {
    const result = await run(helper, "shell", { command: "true" }, { call_id: "quiet" });
    expect(result.text).toBe("(no output)");
    expect(result.meta).toEqual({ exit_code: 0, cwd: helper.home, timed_out: false });
    expect(readdirSync(path.join(helper.home, ".runs/run1")).sort()).toEqual(["cwd"]);
    // The cwd probe's startup file, and the serve helper's report file while it runs; no file per call.
    const probeFiles = readdirSync(path.join(helper.runtimeDir, "agent1")).sort();
    if (transport === "one-shot") expect(probeFiles).toEqual(["cwd-probe-3.bash"]);
    else expect(probeFiles).toEqual([expect.stringMatching(/^cwd-\d+$/), "cwd-probe-3.bash"]);
  });

  test("stdout and stderr are one stream, in order; no exit_code line for 0", async ({ helper }) => {
    const result = await run(helper, "shell", { command: "echo out; echo err >&2; echo out2" });
    expect(result.text).toBe("out\nerr\nout2");
  });

  test("a non-zero exit ends with exit_code: N; a signal gives 128 + its number", async ({ helper }) => {
    expect((await run(helper, "shell", { command: "echo failing; exit 3" })).text).toBe(
      "failing\nexit_code: 3",
    );
    const killed = await run(helper, "shell", { command: "kill -9 $$" });
    expect(killed.text).toBe("(no output)\nexit_code: 137");
    expect(killed.meta.exit_code).toBe(137);
    expect((await run(helper, "shell", { command: "if then" })).text).toBe(
      "bash: -c: line 1: syntax error near unexpected token `then'\nbash: -c: line 1: `if then'\nexit_code: 2",
    );
  });

  test("exit 3 still records the directory of a cd before it", async ({ helper }) => {
    mkdirSync(path.join(helper.home, "sub"));
    const failed = await run(helper, "shell", { command: "cd sub && exit 3" });
    expect(failed.text).toBe("(no output)\nexit_code: 3");
    expect(failed.meta).toEqual({ exit_code: 3, cwd: path.join(helper.home, "sub"), timed_out: false });
    expect((await run(helper, "shell", { command: "pwd" })).text).toBe(path.join(helper.home, "sub"));
  });

  test("a cd carries over to the next call; an export does not", async ({ helper }) => {
    mkdirSync(path.join(helper.home, "work/deep"), { recursive: true });
    const moved = await run(helper, "shell", { command: "cd work/deep; export CARRIED=yes" });
    expect(moved.meta.cwd).toBe(path.join(helper.home, "work/deep"));
    const next = await run(helper, "shell", { command: "pwd; printenv CARRIED || echo unset" });
    expect(next.text).toBe(`${path.join(helper.home, "work/deep")}\nunset`);
    await run(helper, "shell", { command: "cd ~" });
    expect((await run(helper, "shell", { command: "pwd" })).text).toBe(helper.home);
  });

  test("the working directory starts at the request's default", async ({ helper }) => {
    mkdirSync(path.join(helper.home, "repos/app"), { recursive: true });
    const result = await run(helper, "shell", { command: "pwd" }, { cwd: "repos/app" });
    expect(result.text).toBe(path.join(helper.home, "repos/app"));
  });

  test("stdin is closed: cat and read return at once", async ({ helper }) => {
    const { value } = await within(10_000, () =>
      run(helper, "shell", { command: 'cat; read line; echo "read=$?"' }),
    );
    expect(value.text).toBe("read=1");
  });

  test("a child left holding the output does not hold the call", async ({ helper }) => {
    const { value } = await within(10_000, () =>
      run(helper, "shell", { command: "sleep 30 & echo $!; echo hi" }, { call_id: "leftover" }),
    );
    const [pid, hi] = value.text.split("\n");
    expect(hi).toBe("hi");
    process.kill(Number(pid), "SIGKILL");
    expect(existsSync(path.join(helper.home, ".runs/run1/leftover.log"))).toBe(false);
  });

  test("invalid arguments are a result naming the argument and its range", async ({ helper }) => {
    expect(await run(helper, "shell", { command: "true", timeout_seconds: 0 })).toEqual({
      text: "Invalid arguments for shell: timeout_seconds must be an integer from 1 to 600 (got 0). Rewrite the call with valid arguments.",
      meta: {},
    });
    expect((await run(helper, "shell", { command: "true", timeout_seconds: 601 })).text).toBe(
      "Invalid arguments for shell: timeout_seconds must be an integer from 1 to 600 (got 601). Rewrite the call with valid arguments.",
    );
    expect((await run(helper, "shell", { timeout_seconds: 5 })).text).toBe(
      "Invalid arguments for shell: command must be a non-empty string (the bash command to run) (missing). Rewrite the call with valid arguments.",
    );
    expect((await run(helper, "shell", { command: "true", shell: "zsh" })).text).toBe(
      "Invalid arguments for shell: unknown argument shell. Rewrite the call with valid arguments.",
    );
  });
});
