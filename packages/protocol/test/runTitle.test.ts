import { expect, test } from "vitest";
import { RUN_TITLE_FROM_MESSAGE_LENGTH, runTitleOf } from "../src/runTitle.ts";

test("a run's title is its message's first line with text, white space collapsed", () => {
  expect(runTitleOf("Fix the build")).toBe("Fix the build");
  expect(runTitleOf("\n\n   Fix \t the   build  \nthen run the tests")).toBe("Fix the build");
  expect(runTitleOf("  \n \t\n")).toBe("");
});

test("a long first line is cut at 80 characters (code points) with an ellipsis", () => {
  const long = `Refactor ${"the parser ".repeat(20)}`;
  const title = runTitleOf(long);
  expect([...title].length).toBeLessThanOrEqual(RUN_TITLE_FROM_MESSAGE_LENGTH);
  expect([...title].length).toBeGreaterThan(RUN_TITLE_FROM_MESSAGE_LENGTH - 12);
  expect(title.endsWith("…")).toBe(true);
  expect(long.startsWith(title.slice(0, -1))).toBe(true);
  const emoji = "🚀".repeat(100);
  expect(runTitleOf(emoji)).toBe(`${"🚀".repeat(79)}…`);
  expect(runTitleOf("x".repeat(80))).toBe("x".repeat(80));
});
