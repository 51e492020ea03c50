// A tool defined only here, with its own contract: what defineTool gives every tool (validation,
// then prepare, execute and review) holds for a tool the registry does not know.
import { GuildsError } from "@guilds/protocol/guildsError";
import { defineToolContract } from "@guilds/protocol/tools/toolContract";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { createHelperTransport } from "../../src/toolbox/helperTransport.ts";
import { standaloneToolContext } from "../../src/tools/standaloneToolContext.ts";
import { defineTool, modelToolSchema } from "../../src/tools/tool.ts";
import { startMachine } from "./machineFixture.ts";

const echoContract = defineToolContract({
  name: "echo",
  args: z.strictObject({ text: z.string().min(1), fail: z.boolean().default(false) }),
  meta: z.object({ length: z.number().int() }),
  readOnly: () => true,
  repeatable: () => true,
  deadlineMs: (_args, deadlines) => deadlines.opMs,
});

function echoTool(steps: string[]) {
  return defineTool({
    contract: echoContract,
    description: { text: "Says the text again.", args: { text: "what to say", fail: "answer not ok" } },
    async prepare(args) {
      steps.push(`prepare ${args.text}`);
    },
    async execute(args) {
      steps.push(`execute ${args.text}`);
      return { ok: !args.fail, text: args.text, meta: { length: args.text.length } };
    },
    async review(result) {
      steps.push("review");
      return { ...result, text: `${result.text}!` };
    },
  });
}

describe("a tool defined in a test", () => {
  test("valid arguments: prepare, execute, then review of an ok result", async () => {
    const machine = await startMachine("unconfined");
    const helpers = createHelperTransport({ mode: "one-shot" });
    try {
      const steps: string[] = [];
      const context = standaloneToolContext({
        machine: machine.machine,
        helpers,
        runId: "run1",
        agentId: "agent1",
        callId: "call1",
        defaultCwd: "",
        secrets: {},
        repoTokens: {},
        maxBytes: 4096,
      });
      const tool = echoTool(steps);
      expect(await tool.run({ text: "hi" }, context)).toEqual({ ok: true, text: "hi!", meta: { length: 2 } });
      expect(await tool.run({ text: "no", fail: true }, context)).toEqual({
        ok: false,
        text: "no",
        meta: { length: 2 },
      });
      expect(steps).toEqual(["prepare hi", "execute hi", "review", "prepare no", "execute no"]);

      const refused = await tool.run({ text: "" }, context);
      expect(refused.ok).toBe(false);
      expect(refused.meta).toEqual({ error_code: "args.invalid" });
      expect(refused.text).toMatch(/^Invalid arguments for echo: /);
      expect(steps).toHaveLength(5);
    } finally {
      helpers.close();
      await machine.dispose();
    }
  });

  test("a fault of ours in prepare, execute or review is a failed result, never a throw", async () => {
    const faulty = (step: "prepare" | "execute" | "review", fault: unknown) =>
      defineTool({
        contract: echoContract,
        description: { text: "Fails.", args: { text: "what to say", fail: "answer not ok" } },
        async prepare() {
          if (step === "prepare") throw fault;
        },
        async execute(args) {
          if (step === "execute") throw fault;
          return { ok: true, text: args.text, meta: { length: args.text.length } };
        },
        async review(result) {
          if (step === "review") throw fault;
          return result;
        },
      });
    // No step here reads its context: none is needed.
    const noContext = undefined as never;
    const harnessGone = new GuildsError("harness.gone", "There is no harness state for call c1.");
    for (const step of ["prepare", "execute", "review"] as const) {
      expect(await faulty(step, harnessGone).run({ text: "hi" }, noContext)).toEqual({
        ok: false,
        text: "The echo call failed: There is no harness state for call c1.",
        meta: { error_code: "harness.gone" },
        fault: harnessGone,
      });
    }
    const bug = new TypeError("x is undefined");
    expect(await faulty("execute", bug).run({ text: "hi" }, noContext)).toEqual({
      ok: false,
      text: "The echo call failed: x is undefined",
      meta: { error_code: "tool.failed" },
      fault: bug,
    });
  });

  test("the model sees its name, prose and described JSON schema", () => {
    const schema = modelToolSchema(echoTool([]));
    expect(schema.name).toBe("echo");
    expect(schema.description).toBe("Says the text again.");
    expect(schema.input_schema.properties).toEqual({
      text: { description: "what to say", type: "string", minLength: 1 },
      fail: { description: "answer not ok", type: "boolean", default: false },
    });
  });
});
