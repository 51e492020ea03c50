import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import { afterEach, describe, expect, test } from "vitest";
import { probeBwrap } from "../../../src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../../src/machines/local/bwrap/sandboxUser.ts";
import { createLocalMachine, type LocalMachine } from "../../../src/machines/local/localMachine.ts";
import type { SandboxMode } from "../../../src/machines/local/localOptions.ts";
import { hostProcessesWith, recordingLogger, run, tempRoot, waitFor } from "../machineFixture.ts";

const probe = await probeBwrap(sandboxUser("helper-test"));
const modes: SandboxMode[] = probe.usable ? ["bwrap", "unconfined"] : ["unconfined"];
if (!probe.usable) console.warn(`skipping guilds-code under bwrap: ${probe.reason}`);

describe.each(modes)("guilds-code in a %s machine", (sandbox) => {
  let machine: LocalMachine | null = null;
  let remove: () => void = () => {};

  afterEach(async () => {
    await machine?.stop();
    remove();
  });

  test("starts a background command that outlives the helper and ends with the machine", async () => {
    const temp = tempRoot();
    remove = temp.remove;
    machine = await createLocalMachine({
      agentId: "agent-h",
      root: temp.root,
      sandbox,
      logger: recordingLogger(),
    });
    await machine.start();
    const marker = `${2000 + Math.floor(Math.random() * 100_000)}.${process.pid}`;
    const request = encodeBase64Json({
      op: "shell",
      args: { command: `sleep ${marker}`, background: true },
      run_id: "run1",
      agent_id: "agent-h",
      call_id: "c1",
      cwd: "",
      max_bytes: 8192,
    });
    const ran = await run(machine, [...machine.helperCommand("guilds-code"), request]);
    const envelope = decodeBase64Json(ran.stdout) as { ok: boolean; text: string };
    expect(envelope.ok).toBe(true);
    expect(envelope.text).toMatch(/^started b1 in the background/);
    expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 1, 5000)).toBe(true);
    await machine.stop();
    expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 0, 3000)).toBe(true);
  });
});
