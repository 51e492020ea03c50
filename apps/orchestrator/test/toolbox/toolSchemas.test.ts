// The JSON schema snapshot captures what a model sees; the parse cases pin down what each tool
// accepts and refuses.
import { describe, expect, test } from "vitest";
import type { CodeTool } from "../../src/toolbox/code.ts";
import {
  CODE_TOOLS,
  codeSearchTool,
  codeToolSchemas,
  fileReadTool,
  shellStatusTool,
  shellTool,
} from "../../src/toolbox/code.ts";

describe("what a model sees", () => {
  for (const schema of codeToolSchemas()) {
    test(`${schema.name}: name, description and JSON schema`, () => {
      expect(schema).toMatchSnapshot();
    });
  }

  test("every argument is described, and every description names an argument", () => {
    for (const schema of codeToolSchemas()) {
      const properties = schema.input_schema.properties as Record<string, { description?: string }>;
      for (const [name, property] of Object.entries(properties)) {
        expect(property.description, `${schema.name}.${name}`).toBeTruthy();
      }
    }
  });

  test("the descriptions quote the page's limits", () => {
    const text = (tool: CodeTool) =>
      JSON.stringify(codeToolSchemas().find((schema) => schema.name === tool.name));
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
  });

  test("the four tools, in the page's order", () => {
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

const accepts = (tool: CodeTool, cases: Case[]) =>
  test.each(cases.map((c) => [JSON.stringify(c.args), c] as const))(`${tool.name} accepts %s`, (_, c) => {
    expect(tool.args.safeParse(c.args).success).toBe(true);
  });

const refuses = (tool: CodeTool, cases: Case[]) =>
  test.each(cases.map((c) => [JSON.stringify(c.args), c] as const))(`${tool.name} refuses %s`, (_, c) => {
    const parsed = tool.args.safeParse(c.args);
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
