// The JSON schema snapshot captures what a model sees; the parse cases pin down what each tool
// accepts and refuses.
import { describe, expect, test } from "vitest";
import { codeSearchTool } from "../../src/tools/codeSearch/codeSearch.ts";
import { codeTaskTool } from "../../src/tools/codeTask/codeTask.ts";
import { fileReadTool } from "../../src/tools/fileRead/fileRead.ts";
import { CODE_TOOLS, OFFERED_TOOLS, offeredToolSchemas } from "../../src/tools/registry.ts";
import { shellTool } from "../../src/tools/shell/shell.ts";
import { shellStatusTool } from "../../src/tools/shellStatus/shellStatus.ts";
import type { Tool } from "../../src/tools/tool.ts";

type AnyTool = Tool;

describe("what a model sees", () => {
  for (const schema of offeredToolSchemas()) {
    test(`${schema.name}: name, description and JSON schema`, () => {
      expect(schema).toMatchSnapshot();
    });
  }

  test("every argument is described, and every description names an argument", () => {
    for (const schema of offeredToolSchemas()) {
      const properties = schema.input_schema.properties as Record<string, { description?: string }>;
      for (const [name, property] of Object.entries(properties)) {
        expect(property.description, `${schema.name}.${name}`).toBeTruthy();
      }
    }
  });

  test("the descriptions quote the page's limits", () => {
    const text = (tool: AnyTool) =>
      JSON.stringify(offeredToolSchemas().find((schema) => schema.name === tool.name));
    expect(text(shellTool)).toContain("default 120, 1 to 600");
    expect(text(shellTool)).toContain("SIGKILL 2 seconds later");
    expect(text(shellTool)).toContain("at most 2 KiB");
    expect(text(shellStatusTool)).toContain("last 40 lines");
    expect(text(shellStatusTool)).toContain("SIGKILL 5 seconds later");
    expect(text(fileReadTool)).toContain("default 200, at most 500");
    expect(text(fileReadTool)).toContain("over 400 characters");
    expect(text(codeSearchTool)).toContain("at most 30");
    expect(text(codeSearchTool)).toContain("at most 40 lines and 10 matches per file");
    expect(text(codeSearchTool)).toContain("0 to 5");
    expect(text(codeSearchTool)).toContain("60 seconds");
    expect(text(codeTaskTool)).toContain("default 30, 1 to 60");
    expect(text(codeTaskTool)).toContain(
      "at most 64 KiB together; a note past the cap is named, not included",
    );
    expect(text(codeTaskTool)).toContain("at most 30 listed");
    expect(text(codeTaskTool)).toContain("every 3 seconds; 3 failed checks in a row");
    expect(text(codeTaskTool)).toContain("at most 200 characters");
  });

  test("the five tools a coding agent is offered, code_task first as on the page", () => {
    expect(OFFERED_TOOLS.map((tool) => tool.name)).toEqual([
      "code_task",
      "shell",
      "shell_status",
      "file_read",
      "code_search",
    ]);
  });

  test("the four check tools, in the page's order", () => {
    expect(CODE_TOOLS.map((tool) => tool.name)).toEqual([
      "shell",
      "shell_status",
      "file_read",
      "code_search",
    ]);
  });
});

interface Case {
  args: unknown;
}

const accepts = (tool: AnyTool, cases: Case[]) =>
  test.each(cases.map((c) => [JSON.stringify(c.args), c] as const))(`${tool.name} accepts %s`, (_, c) => {
    expect(tool.contract.args.safeParse(c.args).success).toBe(true);
  });

const refuses = (tool: AnyTool, cases: Case[]) =>
  test.each(cases.map((c) => [JSON.stringify(c.args), c] as const))(`${tool.name} refuses %s`, (_, c) => {
    const parsed = tool.contract.args.safeParse(c.args);
    expect(parsed.success).toBe(false);
  });

describe("shell arguments", () => {
  accepts(shellTool, [
    { args: { command: "ls" } },
    { args: { command: "ls", timeout_seconds: 1 } },
    { args: { command: "ls", timeout_seconds: 600 } },
    { args: { command: "npm run dev", background: true } },
  ]);
  refuses(shellTool, [
    { args: {} },
    { args: { command: "" } },
    { args: { command: 42 } },
    { args: { command: "ls", timeout_seconds: 0 } },
    { args: { command: "ls", timeout_seconds: 601 } },
    { args: { command: "ls", timeout_seconds: 1.5 } },
    { args: { command: "ls", background: "yes" } },
    { args: { command: "ls", cwd: "/tmp" } },
    { args: "ls" },
  ]);
});

describe("shell_status arguments", () => {
  accepts(shellStatusTool, [{ args: {} }, { args: { id: "b1" } }, { args: { id: "b12", stop: true } }]);
  refuses(shellStatusTool, [
    { args: { id: "1" } },
    { args: { id: "b0" } },
    { args: { stop: true } },
    { args: { id: "b1", stop: "yes" } },
    { args: { id: "b1", all: true } },
  ]);
});

describe("file_read arguments", () => {
  accepts(fileReadTool, [
    { args: { path: "README.md" } },
    { args: { path: "~/notes.txt", offset: 10, limit: 500 } },
    { args: { path: "a", limit: 1 } },
  ]);
  refuses(fileReadTool, [
    { args: {} },
    { args: { path: "" } },
    { args: { path: "a", limit: 501 } },
    { args: { path: "a", limit: 0 } },
    { args: { path: "a", offset: 0 } },
    { args: { path: "a", offset: "10" } },
    { args: { path: "a", lines: 10 } },
  ]);
});

describe("code_search arguments", () => {
  accepts(codeSearchTool, [
    { args: { pattern: "TODO" } },
    { args: { pattern: "TODO", mode: "content", context: 5, limit: 40 } },
    { args: { pattern: "a.b", fixed: true, ignore_case: true, glob: "*.ts", path: "src", mode: "files" } },
    { args: { pattern: "x", context: 0 } },
  ]);
  refuses(codeSearchTool, [
    { args: {} },
    { args: { pattern: "" } },
    { args: { pattern: "x", mode: "lines" } },
    { args: { pattern: "x", context: 6 } },
    { args: { pattern: "x", context: -1 } },
    { args: { pattern: "x", limit: 41 } },
    { args: { pattern: "x", limit: 0 } },
    { args: { pattern: "x", regex: true } },
  ]);
});

describe("code_task arguments", () => {
  accepts(codeTaskTool, [
    { args: { brief: "Fix the failing test in src/a.ts" } },
    { args: { brief: "x", repo: "app" } },
    { args: { brief: "Yes, use the second option.", session_id: "85b686e1-ef47-49d1-8fe2-1f417a920d23" } },
    { args: { brief: "x", session_id: "a_b.c:d-e" } },
    { args: { brief: "x", session_id: "s".repeat(200) } },
    { args: { brief: "x", notes: [] } },
    { args: { brief: "x", notes: ["runbooks/deploy.md", "tasks/t-12"] } },
    { args: { brief: "x", timeout_minutes: 1 } },
    { args: { brief: "x", timeout_minutes: 60 } },
  ]);
  refuses(codeTaskTool, [
    { args: {} },
    { args: { brief: "" } },
    { args: { brief: "   \n " } },
    { args: { brief: 42 } },
    { args: { brief: "x", repo: "" } },
    { args: { brief: "x", repo: 7 } },
    { args: { brief: "x", session_id: "" } },
    { args: { brief: "x", session_id: "has space" } },
    { args: { brief: "x", session_id: "a/b" } },
    { args: { brief: "x", session_id: "s".repeat(201) } },
    { args: { brief: "x", notes: "runbooks/deploy.md" } },
    { args: { brief: "x", notes: [""] } },
    { args: { brief: "x", notes: [3] } },
    { args: { brief: "x", timeout_minutes: 0 } },
    { args: { brief: "x", timeout_minutes: 61 } },
    { args: { brief: "x", timeout_minutes: 2.5 } },
    { args: { brief: "x", timeout_minutes: "30" } },
    { args: { brief: "x", model: "opus" } },
    { args: "Fix it" },
  ]);

  test("timeout_minutes defaults to 30", () => {
    expect(codeTaskTool.contract.args.parse({ brief: "x" })).toEqual({ brief: "x", timeout_minutes: 30 });
  });

  test("each refusal names the argument and what it may be, as for the other tools", async () => {
    const cases: [unknown, string][] = [
      [{}, "brief must be a non-empty string (the whole task, self-contained) (missing)"],
      [{ brief: " " }, 'brief must hold the task, not only blanks (got " ")'],
      [{ brief: "x", repo: "" }, 'repo must be a non-empty string (a repository name under repos/) (got "")'],
      [
        { brief: "x", session_id: "a b" },
        'session_id must be a harness session id: letters, digits and _ . : -, at most 200 characters (got "a b")',
      ],
      [{ brief: "x", notes: "a.md" }, 'notes must be an array of note display paths (got "a.md")'],
      [{ brief: "x", notes: [""] }, 'notes.0 must be a non-empty string (a note\'s display path) (got "")'],
      [{ brief: "x", timeout_minutes: 90 }, "timeout_minutes must be an integer from 1 to 60 (got 90)"],
      [{ brief: "x", model: "opus" }, "unknown argument model"],
    ];
    for (const [args, problem] of cases) {
      const result = await codeTaskTool.run(args, undefined as never);
      expect(result.ok).toBe(false);
      expect(result.meta).toEqual({ error_code: "args.invalid" });
      expect(result.text).toBe(
        `Invalid arguments for code_task: ${problem}. Rewrite the call with valid arguments.`,
      );
    }
  });
});
