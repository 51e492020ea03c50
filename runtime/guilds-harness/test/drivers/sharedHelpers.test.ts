import { HARNESS_NAMES } from "@guilds/protocol/harness";
import { describe, expect, test } from "vitest";
import { DRIVERS, driverFor } from "../../src/drivers/drivers.ts";
import { firstLine } from "../../src/drivers/firstLine.ts";
import { jwtPayload } from "../../src/drivers/jwtPayload.ts";
import { startedLine, toolLine } from "../../src/drivers/progressLine.ts";
import { StreamedMessage } from "../../src/drivers/streamedMessage.ts";
import { toolDetail } from "../../src/drivers/toolDetail.ts";
import { versionToken } from "../../src/drivers/versionToken.ts";
import { unsignedJwt } from "./launchFixtures.ts";

describe("drivers", () => {
  test("one driver per harness, named after it", () => {
    for (const name of HARNESS_NAMES) expect(driverFor(name).name).toBe(name);
    expect(Object.keys(DRIVERS).sort()).toEqual([...HARNESS_NAMES].sort());
  });
});

describe("progress lines", () => {
  test("started, with the model when known", () => {
    expect(startedLine("claude", "claude-sonnet-4-5")).toBe("Claude Code started (claude-sonnet-4-5)");
    expect(startedLine("codex", null)).toBe("Codex started");
  });

  test("a tool with the first line of its detail, or bare", () => {
    expect(toolLine("Bash", "\n  npm test  \nnpm run lint")).toBe("Bash: npm test");
    expect(toolLine("TodoWrite", null)).toBe("TodoWrite");
    expect(toolLine("Bash", "  \n ")).toBe("Bash");
  });

  test("firstLine skips blank lines and trims", () => {
    expect(firstLine("\r\n  hello \r\nworld")).toBe("hello");
    expect(firstLine(" \n\t")).toBeNull();
  });

  test("a tool's detail: command, pattern, path, URL, description, query, whatever the CLI calls them", () => {
    expect(toolDetail({ command: "ls", description: "List" })).toBe("ls");
    expect(toolDetail({ CommandLine: "ls" })).toBe("ls");
    expect(toolDetail({ pattern: "TODO", path: "src" })).toBe("TODO");
    expect(toolDetail({ globPattern: "**/*.ts" })).toBe("**/*.ts");
    expect(toolDetail({ file_path: "a.ts", content: "x" })).toBe("a.ts");
    expect(toolDetail({ AbsolutePath: "/a" })).toBe("/a");
    expect(toolDetail({ url: "https://x", prompt: "p" })).toBe("https://x");
    expect(toolDetail({ description: "d", prompt: "p" })).toBe("d");
    expect(toolDetail({ query: "q" })).toBe("q");
    expect(toolDetail({ todos: [] })).toBeNull();
    expect(toolDetail("ls")).toBeNull();
  });
});

describe("StreamedMessage", () => {
  test("announces the first line once whole, or at the end; never twice", () => {
    const message = new StreamedMessage();
    expect(message.append("Hel")).toEqual([]);
    expect(message.append("lo\nwor")).toEqual(["Hello"]);
    expect(message.append("ld\n")).toEqual([]);
    expect(message.end()).toEqual({ text: "Hello\nworld\n", progress: [] });
    expect(message.append("Short")).toEqual([]);
    expect(message.end()).toEqual({ text: "Short", progress: ["Short"] });
    expect(message.current).toBe("");
  });
});

describe("versions", () => {
  test("as the CLIs print them", () => {
    expect(versionToken("2.1.197 (Claude Code)\n")).toBe("2.1.197");
    expect(versionToken("codex-cli 0.171.0\n")).toBe("0.171.0");
    expect(versionToken("0.61.0\n")).toBe("0.61.0");
    expect(versionToken("no version")).toBeNull();
  });
});

describe("jwtPayload", () => {
  test("reads the claims; null for what is not a JWT", () => {
    expect(jwtPayload(unsignedJwt({ email: "dev@example.com" }))).toEqual({ email: "dev@example.com" });
    expect(jwtPayload("abc")).toBeNull();
    expect(jwtPayload("a.!!!.c")).toBeNull();
  });
});
