// A guilds-harness envelope's error becomes a GuildsError: its code when the code table knows it,
// else the documented fallback harness.op_failed.
import type { Envelope } from "@guilds/protocol/envelope";
import { GuildsError } from "@guilds/protocol/guildsError";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { HelperTransport } from "../../src/toolbox/helperTransport.ts";
import { harnessOps } from "../../src/tools/codeTask/harnessOps.ts";
import { providerSandboxes } from "../machines/providerSandboxes.ts";
import { startMachine, type TestMachine } from "../toolbox/machineFixture.ts";

/** A guilds-harness that answers every op with one envelope: the edge, faked. */
function answering(envelope: Envelope): HelperTransport {
  return { run: async () => envelope, close() {} };
}

async function resultFault(machine: TestMachine, envelope: Envelope): Promise<unknown> {
  const ops = harnessOps(answering(envelope), {
    machine: machine.machine,
    runId: "run1",
    agentId: "agent1",
    callId: "call1",
    repository: "app",
    secrets: {},
    maxBytes: 8192,
  });
  return ops.result("claude").catch((caught: unknown) => caught);
}

describe.each(await providerSandboxes())("a harness op's error ($label)", ({ sandbox, skipReason }) => {
  let machine: TestMachine;
  beforeAll(async () => {
    if (skipReason) return;
    machine = await startMachine(sandbox);
  });
  afterAll(async () => {
    await machine?.dispose();
  });

  test.skipIf(skipReason)("with a code of the table keeps it", async () => {
    const fault = await resultFault(machine, {
      ok: false,
      error: { code: "harness.gone", message: "There is no harness state for call call1." },
    });
    expect(fault).toBeInstanceOf(GuildsError);
    expect(fault).toMatchObject({
      code: "harness.gone",
      message: "guilds-harness result: There is no harness state for call call1.",
    });
  });

  test.skipIf(skipReason)(
    "with a code the table does not know is harness.op_failed, its message kept",
    async () => {
      const fault = await resultFault(machine, {
        ok: false,
        error: { code: "harness.exploded", message: "Boom." },
      });
      expect(fault).toBeInstanceOf(GuildsError);
      expect(fault).toMatchObject({ code: "harness.op_failed", message: "guilds-harness result: Boom." });
    },
  );
});
