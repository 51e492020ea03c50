import { describe, expect, test } from "vitest";
import { TOOL_CONTRACTS, toolContractOf } from "../src/tools/registry.ts";

const DEADLINES = { opMs: 120_000, shellExtraMs: 30_000 };

describe("each tool's contract", () => {
  test("is registered under its own name; an op that is no tool has none", () => {
    for (const [name, contract] of Object.entries(TOOL_CONTRACTS)) expect(contract.name).toBe(name);
    expect(toolContractOf("ping")).toBeUndefined();
    expect(toolContractOf("toString")).toBeUndefined();
  });

  test("only file_read, code_search and shell_status without stop read only, and only they may run twice", () => {
    const readsOnly = (name: string, input: object) => {
      const contract = toolContractOf(name);
      const args = contract?.args.parse(input);
      const readOnly = contract?.readOnly(args);
      expect(contract?.repeatable(args), `${name} ${JSON.stringify(input)}`).toBe(readOnly);
      return readOnly;
    };
    expect(readsOnly("file_read", { path: "a" })).toBe(true);
    expect(readsOnly("code_search", { pattern: "a" })).toBe(true);
    expect(readsOnly("shell_status", { id: "b1" })).toBe(true);
    expect(readsOnly("shell_status", { id: "b1", stop: true })).toBe(false);
    expect(readsOnly("shell", { command: "ls", background: true })).toBe(false);
    expect(readsOnly("code_task", { brief: "x" })).toBe(false);
  });

  test("the deadline comes from the arguments: shell's own timeout plus the margin, the op timeout else", () => {
    const shell = TOOL_CONTRACTS.shell;
    expect(shell.deadlineMs(shell.args.parse({ command: "ls" }), DEADLINES)).toBe(150_000);
    expect(shell.deadlineMs(shell.args.parse({ command: "ls", timeout_seconds: 600 }), DEADLINES)).toBe(
      630_000,
    );
    const read = TOOL_CONTRACTS.file_read;
    expect(read.deadlineMs(read.args.parse({ path: "a" }), DEADLINES)).toBe(120_000);
    const task = TOOL_CONTRACTS.code_task;
    expect(task.deadlineMs(task.args.parse({ brief: "x" }), DEADLINES)).toBe(30 * 60_000);
  });
});
