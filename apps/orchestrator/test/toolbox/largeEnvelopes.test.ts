// An envelope of any size reaches the server whole from a one-shot helper: it must not exit while
// its answer still waits to be written (a pipe takes 64 KiB at once, a socket a few hundred KiB).
// The long-lived helper's side: runtime/guilds-code/test/transport/serveLargeAnswer.test.ts.
import path from "node:path";
import { encodeBase64Json } from "@guilds/protocol/base64Json";
import { describe, expect, test } from "vitest";
import { createHelperTransport } from "../../src/toolbox/helperTransport.ts";
import { createHarnessTransport } from "../../src/tools/codeTask/harnessOps.ts";
import { usePerTest } from "../support/acrossTests.ts";
import { sandboxes, startMachine } from "./machineFixture.ts";
import { helperRequest } from "./requests.ts";

const ENVELOPE_MIN_BYTES = 4 * 1024 * 1024;
/** Text whose envelope (JSON, then base64) passes 4 MiB. */
const TEXT_BYTES = 3_300_000;
const MAX_BYTES = 8 * 1024 * 1024;

const available = await sandboxes();

describe.each(available)("a 4 MiB envelope, one-shot ($label)", ({ sandbox, skipReason }) => {
  const machine = usePerTest(() => startMachine(sandbox), skipReason);

  test.skipIf(skipReason)("guilds-code, one-shot: a 4 MiB envelope, whole", async () => {
    // No op answers with more than 64 KiB of text; an unknown op's error names the op, however long.
    const op = `op_${"x".repeat(TEXT_BYTES)}`;
    const transport = createHelperTransport({ mode: "one-shot" });
    const envelope = await transport.run(machine.machine, helperRequest(op, {}, { max_bytes: MAX_BYTES }));
    expect(encodeBase64Json(envelope).length).toBeGreaterThan(ENVELOPE_MIN_BYTES);
    expect(envelope.ok || envelope.error).toMatchObject({ code: "op.unknown" });
    expect(envelope.ok || envelope.error.message).toContain(`no op "${op}"`);
  });

  test.skipIf(skipReason)("guilds-harness, one-shot: a log of 3.3 MB, whole", async () => {
    const request = helperRequest(
      "log",
      { harness: "claude", max_bytes: MAX_BYTES, max_lines: 10 },
      { max_bytes: MAX_BYTES },
    );
    const line = `${JSON.stringify({ type: "noise", padding: "x".repeat(200) })}\n`;
    const log = line.repeat(Math.ceil(TEXT_BYTES / line.length));
    const logFile = path.posix.join(machine.machine.home, `.runs/run1/${request.call_id}.harness.jsonl`);
    await machine.machine.writeFile(logFile, log);
    const envelope = await createHarnessTransport().run(machine.machine, request);
    expect(encodeBase64Json(envelope).length).toBeGreaterThan(ENVELOPE_MIN_BYTES);
    expect(envelope.ok && envelope.meta).toMatchObject({ raw: log, raw_truncated: false });
  });
});
