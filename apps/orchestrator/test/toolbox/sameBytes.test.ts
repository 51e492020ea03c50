// The two transports must be indistinguishable to the model: the same calls through one-shot
// helpers and through the long-lived one give the same text and meta, byte for byte.
import { describe, expect, test } from "vitest";
import { createHelperTransport, type HelperTransportMode } from "../../src/toolbox/helperTransport.ts";
import { findCodeTool } from "../../src/tools/registry.ts";
import { standaloneToolContext } from "../../src/tools/standaloneToolContext.ts";
import type { ToolResult } from "../../src/tools/tool.ts";
import { freshRoot, type Sandbox, sandboxes, startMachine } from "./machineFixture.ts";

const available = await sandboxes();

/** Deterministic calls: no pids, no timings, no background commands. */
const CALLS: Array<[tool: string, args: unknown]> = [
  ["shell", { command: "echo hi" }],
  ["shell", { command: "mkdir -p app/src && cd app && printf 'alpha\\nneedle one\\ngamma\\n' > src/a.txt" }],
  ["shell", { command: "printf 'needle two\\n' > src/b.txt; pwd" }],
  ["shell", { command: "echo to stderr >&2; exit 2" }],
  ["shell", { command: "seq 1 20000" }],
  ["shell", { command: "sleep 5", timeout_seconds: 1 }],
  ["file_read", { path: "src/a.txt" }],
  ["file_read", { path: "src/a.txt", offset: 2, limit: 1 }],
  ["file_read", { path: "missing.txt" }],
  ["file_read", { path: "/etc/hostname" }],
  ["code_search", { pattern: "needle" }],
  ["code_search", { pattern: "needle", mode: "content", context: 1 }],
  ["code_search", { pattern: "absent" }],
  ["shell_status", {}],
  ["shell", { command: "ls", timeout_seconds: 0 }],
];

async function runSequence(sandbox: Sandbox, root: string, mode: HelperTransportMode): Promise<ToolResult[]> {
  const machine = await startMachine(sandbox, root);
  const helpers = createHelperTransport({ mode });
  const results: ToolResult[] = [];
  try {
    for (const [index, [name, args]] of CALLS.entries()) {
      const tool = findCodeTool(name);
      if (!tool) throw new Error(`no tool ${name}`);
      results.push(
        await tool.run(
          args,
          standaloneToolContext({
            machine: machine.machine,
            helpers,
            runId: "same-bytes",
            agentId: "agent1",
            callId: `c${index + 1}`,
            defaultCwd: "",
            secrets: { SOME_SECRET: "value" },
            repoTokens: {},
            maxBytes: 4096,
          }),
        ),
      );
    }
  } finally {
    helpers.close();
    await machine.dispose();
  }
  return results;
}

describe.each(available)("one-shot and session give the same bytes ($label)", ({ sandbox, skipReason }) => {
  test.skipIf(skipReason)("the same calls, the same results", async () => {
    // The same folder for both, so that absolute paths in the results match too.
    const root = freshRoot();
    const oneShot = await runSequence(sandbox, root, "one-shot");
    const session = await runSequence(sandbox, root, "session");
    expect(session).toEqual(oneShot);
    expect(oneShot.map((result) => result.ok)).toContain(true);
    // The sequence exercises what it means to: an elided output with its log, a timeout, a refusal.
    const texts = oneShot.map((result) => result.text).join("\n");
    expect(texts).toContain("bytes elided; full output:");
    expect(texts).toContain("[timed out after 1s; the command was stopped]");
    expect(texts).toContain("Invalid arguments for shell");
  });
});

const reference = available.find((entry) => entry.sandbox === "bwrap");
const containers = available.filter((entry) => entry.sandbox === "docker" || entry.sandbox === "podman");

describe.each(containers)(
  "a container machine gives a bwrap machine's bytes ($label)",
  ({ sandbox, skipReason }) => {
    test.skipIf(skipReason ?? reference?.skipReason)(
      "the same calls, the same results as under bubblewrap",
      async () => {
        const local = await runSequence("bwrap", freshRoot(), "session");
        const container = await runSequence(sandbox, freshRoot(), "session");
        expect(container).toEqual(local);
      },
    );
  },
);
