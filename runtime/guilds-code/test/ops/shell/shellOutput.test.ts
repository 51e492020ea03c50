import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { encodeBase64Json } from "@guilds/protocol/base64Json";
import { OUTPUT_HEAD_MAX_BYTES } from "@guilds/protocol/limits";
import { describe, expect } from "vitest";
import { HELPER, TRANSPORTS, test } from "../../support/helperFixture.ts";
import { callDirect, resultOf, run, seqLines } from "../../support/shellSupport.ts";

const MIB = 1024 * 1024;
const PROC_POLL_MS = 20;

describe.each(TRANSPORTS)("shell output (%s)", (transport) => {
  test.override({ transport });
  test("a long output keeps its head and tail around the exact elided count, and its log", async ({
    helper,
  }) => {
    const result = await run(helper, "shell", { command: "seq 1 5000" }, { call_id: "long" });
    const log = path.join(helper.home, ".runs/run1/long.log");
    expect(readFileSync(log, "utf8")).toBe(`${seqLines(1, 5000)}\n`);

    const [head, elision, ...tail] = result.text.split("\n").reduce<string[][]>(
      (parts, line) => {
        if (line.startsWith("[… ")) parts.push([line], []);
        else parts[parts.length - 1]?.push(line);
        return parts;
      },
      [[]],
    );
    // seq 1 539 is exactly 2048 bytes with its newlines.
    expect(head?.join("\n")).toBe(seqLines(1, 539));
    expect(Buffer.byteLength(`${head?.join("\n")}\n`)).toBeLessThanOrEqual(OUTPUT_HEAD_MAX_BYTES);
    const tailLines = tail[0] ?? [];
    const firstTail = Number(tailLines[0]);
    expect(tailLines.join("\n")).toBe(seqLines(firstTail, 5000));
    const shownBytes =
      Buffer.byteLength(`${seqLines(1, 539)}\n`) + Buffer.byteLength(`${seqLines(firstTail, 5000)}\n`);
    const elided = statSync(log).size - shownBytes;
    expect(elision).toEqual([`[… ${elided} bytes elided; full output: ~/.runs/run1/long.log …]`]);
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(8192);
    expect(result.meta).toEqual({
      exit_code: 0,
      cwd: helper.home,
      log_path: "~/.runs/run1/long.log",
      timed_out: false,
    });
  });

  test("a short output is whole and its log is deleted", async ({ helper }) => {
    const result = await run(helper, "shell", { command: "seq 1 3" }, { call_id: "short" });
    expect(result.text).toBe("1\n2\n3");
    expect(result.meta.log_path).toBeUndefined();
    expect(existsSync(path.join(helper.home, ".runs/run1/short.log"))).toBe(false);
  });

  test("the whole text stays within max_bytes, trailers included", async ({ helper }) => {
    const result = await run(
      helper,
      "shell",
      { command: "seq 1 100000; exit 5" },
      { call_id: "capped", max_bytes: 1024 },
    );
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(1024);
    expect(result.text.endsWith("\n100000\nexit_code: 5")).toBe(true);
    expect(result.text).toContain("bytes elided; full output: ~/.runs/run1/capped.log …]");
  });

  test("escape sequences are removed and redrawn lines keep their last state", async ({ helper }) => {
    const command = String.raw`printf '\033[1;31mred\033[0m plain\n\033]8;;http://x\033\\link\033]8;;\033\\\n10%%\r50%%\r100%%\r\nCRLF\r\n'`;
    expect((await run(helper, "shell", { command })).text).toBe("red plain\nlink\n100%\nCRLF");
  });

  test("200 MB of output keeps the helper's memory flat", async ({ helper }) => {
    const command = "yes 0123456789abcdef | head -c 200000000";
    const peak = existsSync("/usr/bin/time")
      ? await peakUnderTime(helper, command)
      : await peakFromProc(helper, command);
    expect(peak).toBeLessThan(64 * MIB);
  });
});

type Helper = Parameters<typeof run>[0];

/** GNU time's "Maximum resident set size": the largest of the helper and what it waited for. */
async function peakUnderTime(helper: Helper, command: string): Promise<number> {
  const { envelope, stderr } = await callDirect(
    helper,
    "shell",
    { command },
    { wrapper: ["/usr/bin/time", "-v"] },
  );
  expect(resultOf(envelope).text).toContain("bytes elided");
  const kilobytes = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1];
  expect(kilobytes).toBeDefined();
  return Number(kilobytes) * 1024;
}

/** Without GNU time: the helper's VmHWM, read while it runs. */
async function peakFromProc(helper: Helper, command: string): Promise<number> {
  const request = encodeBase64Json({
    op: "shell",
    args: { command },
    run_id: "run1",
    agent_id: "agent1",
    call_id: "memory",
    cwd: "",
    max_bytes: 8192,
  });
  const child = spawn(process.execPath, [HELPER, request], {
    env: { HOME: helper.home, GUILDS_RUNTIME_DIR: helper.runtimeDir, PATH: "/usr/bin:/bin" },
    stdio: "ignore",
  });
  let peakKilobytes = 0;
  const poll = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      peakKilobytes = Math.max(peakKilobytes, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // exited
    }
  }, PROC_POLL_MS);
  await new Promise((resolve) => child.once("exit", resolve));
  clearInterval(poll);
  expect(peakKilobytes).toBeGreaterThan(0);
  return peakKilobytes * 1024;
}
