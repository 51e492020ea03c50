import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type { HarnessDriver, TurnOutcome } from "../../src/drivers/driver.ts";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures");

export function fixtureText(name: string): string {
  return readFileSync(path.join(FIXTURES, name), "utf8");
}

export interface ParsedFixture {
  progress: string[];
  /** The session ids the lines named, in order, repeats included. */
  sessionIds: string[];
  unparsed: number;
  outcome: TurnOutcome;
}

/** Feeds every non-blank line of a fixture log to a fresh parser of the driver. */
export function parseFixture(driver: HarnessDriver, name: string): ParsedFixture {
  return parseLines(driver, fixtureText(name).split("\n"));
}

/** How the fake model's `ls` turn ends, whichever CLI ran it: its reply, no error, its usage. */
export const FAKE_LS_TURN_END = {
  finalMessage: "I ran ls. Hello from the fake model.",
  turnError: false,
  error: null,
  inputTokens: 24,
  outputTokens: 14,
  cachedTokens: 0,
};

/**
 * Reads a captured turn whole and checks what holds for every driver: each line is one of the CLI's
 * events, every session id the lines name is the turn's, and it made these progress lines and this outcome.
 */
export function expectCapturedTurn(
  driver: HarnessDriver,
  fixture: string,
  expected: { progress: string[]; outcome: TurnOutcome },
): ParsedFixture {
  const run = parseFixture(driver, fixture);
  expect(run.progress).toEqual(expected.progress);
  expect(run.unparsed).toBe(0);
  expect(run.sessionIds.length).toBeGreaterThan(0);
  expect(run.sessionIds.every((id) => id === expected.outcome.sessionId)).toBe(true);
  expect(run.outcome).toEqual(expected.outcome);
  return run;
}

export function parseLines(driver: HarnessDriver, lines: readonly string[]): ParsedFixture {
  const parser = driver.createParser();
  const progress: string[] = [];
  const sessionIds: string[] = [];
  let unparsed = 0;
  for (const line of lines) {
    if (line.trim() === "") continue;
    const parsed = parser.feed(line);
    if (!parsed.parsed) unparsed += 1;
    progress.push(...parsed.progress);
    if (parsed.sessionId !== undefined) sessionIds.push(parsed.sessionId);
  }
  return { progress, sessionIds, unparsed, outcome: parser.outcome() };
}
