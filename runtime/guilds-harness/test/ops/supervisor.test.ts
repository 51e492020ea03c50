import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import { Envelope } from "@guilds/protocol/envelope";
import type { ResultMeta } from "@guilds/protocol/harness";
import { isProcessLive } from "@guilds/runtime/processTable";
import { describe, expect } from "vitest";
import { AGENT_ID, REPO, RUN_ID, test } from "./harnessFixture.ts";
import { cliRecord, okMeta, pollToEnd, waitForFile } from "./taskSteps.ts";

describe("the supervisor", () => {
  test("outlives the helper and whatever ran it, and records the CLI's exit", async ({ harness }) => {
    const record = harness.file("record.json");
    const gate = harness.file("gate");
    const request = encodeBase64Json({
      op: "start",
      args: { harness: "claude", repo: REPO, model: null, effort: null, session_id: null, brief: "Wait." },
      run_id: RUN_ID,
      agent_id: AGENT_ID,
      call_id: "c1",
      cwd: `repos/${REPO}`,
      max_bytes: 8192,
      env: harness.scenario({ record, steps: [{ waitFor: gate }], exitCode: 4 }),
    });
    // The caller (the orchestrator's exec) is a shell in its own process group, killed whole once
    // the helper has answered.
    const caller = spawn(
      "bash",
      ["-c", `"$0" "$1" "$2"; sleep 60`, process.execPath, harness.helper, request],
      {
        env: harness.environment,
        detached: true,
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let printed = "";
    caller.stdout?.on("data", (chunk: Buffer) => {
      printed += chunk.toString("utf8");
    });
    const cli = await cliRecord(record);
    while (!printed.endsWith("\n")) await new Promise((resolve) => setTimeout(resolve, 20));
    okMeta(Envelope.parse(decodeBase64Json(printed)));
    process.kill(-(caller.pid ?? 0), "SIGKILL");

    const started = JSON.parse(await waitForFile(path.join(harness.stateDir, "c1.json")));
    expect(isProcessLive(started.supervisor_pid)).toBe(true);
    expect(sessionOf(started.supervisor_pid)).toBe(started.supervisor_pid);
    expect(isProcessLive(cli.pid)).toBe(true);
    writeFileSync(gate, "");
    expect((await waitForFile(path.join(harness.stateDir, "c1.exit"))).trim()).toBe("4");
    await pollToEnd(harness, "claude");
    expect(okMeta<ResultMeta>(await harness.call("result", { harness: "claude" })).exit_code).toBe(4);
  });
});

/** Field 6 of /proc/<pid>/stat: the session the process is in. */
function sessionOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[3]);
}
