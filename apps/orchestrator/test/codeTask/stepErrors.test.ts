// Steps 1 to 3 of a code_task: their errors' codes and what they say to do.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { CheckMeta } from "@guilds/protocol/harness";
import { describe, expect, test } from "vitest";
import { loadConfig } from "../../src/config.ts";
import {
  chosenHarness,
  parseHarnessesOff,
  requireReady,
  taskRepository,
} from "../../src/tools/codeTask/codeTask.ts";

function caught(run: () => unknown): GuildsError {
  try {
    run();
  } catch (error) {
    if (error instanceof GuildsError) return error;
    throw error;
  }
  throw new Error("expected a GuildsError");
}

describe("step 1: the harness", () => {
  test("the agent's harness, when on", () => {
    expect(chosenHarness("codex", ["cursor"], "ag_1")).toBe("codex");
  });

  test("none picked is harness.missing, saying how the operator picks one", () => {
    const error = caught(() => chosenHarness(null, [], "ag_1"));
    expect(error.code).toBe("harness.missing");
    expect(error.message).toContain('PATCH /api/agents/ag_1 with {"harness": "<name>"}');
    expect(error.message).toContain("claude, codex, gemini, cursor, antigravity");
  });

  test("one the server turns off is harness.off, naming the setting", () => {
    const error = caught(() => chosenHarness("cursor", ["cursor", "antigravity"], "ag_1"));
    expect(error.code).toBe("harness.off");
    expect(error.message).toContain(
      "Cursor (cursor) is turned off on this server (GUILDS_HARNESSES_OFF=cursor,antigravity)",
    );
    expect(error.message).toContain("(claude, codex, gemini)");
  });
});

describe("GUILDS_HARNESSES_OFF", () => {
  test("comma-separated names, blanks and repeats ignored", () => {
    expect(parseHarnessesOff(undefined)).toEqual([]);
    expect(parseHarnessesOff(" ")).toEqual([]);
    expect(parseHarnessesOff("cursor, antigravity,,cursor")).toEqual(["cursor", "antigravity"]);
  });

  test("an unknown name is config.invalid, listing the harnesses", () => {
    expect(() => parseHarnessesOff("cursor,vim")).toThrow(
      /GUILDS_HARNESSES_OFF names "vim", which is not a harness; list some of claude, codex, gemini, cursor, antigravity/,
    );
  });

  test("read into the config, absent when none is off", () => {
    expect(loadConfig({ GUILDS_HARNESSES_OFF: "cursor,antigravity" }).harnessesOff).toEqual([
      "cursor",
      "antigravity",
    ]);
    expect(loadConfig({}).harnessesOff).toBeUndefined();
  });
});

describe("step 2: the repository", () => {
  test("repo, else the guild's only repository", () => {
    expect(taskRepository("api", ["api", "web"])).toBe("api");
    expect(taskRepository(undefined, ["app"])).toBe("app");
  });

  test("no repository, an unknown name, or no repo with several: errors naming the repositories", () => {
    const none = caught(() => taskRepository(undefined, []));
    expect(none.code).toBe("repository.none");
    expect(none.message).toContain("The guild has no repositories");
    expect(none.message).toContain("npx guilds repo add <guild> <name> <url-or-path>");

    const unknown = caught(() => taskRepository("mobile", ["api", "web"]));
    expect(unknown.code).toBe("repository.unknown");
    expect(unknown.message).toBe(
      'The guild has no repository named "mobile". Its repositories are: api, web. Pass one of them as repo.',
    );

    const several = caught(() => taskRepository(undefined, ["api", "web"]));
    expect(several.code).toBe("repository.ambiguous");
    expect(several.message).toContain("several repositories (api, web)");
  });
});

describe("step 3: the check", () => {
  const check = (overrides: Partial<CheckMeta>): CheckMeta => ({
    harness: "claude",
    installed: true,
    version: "2.1.197",
    credential: "secret",
    account: null,
    credential_source: "ANTHROPIC_API_KEY",
    ...overrides,
  });

  test("installed with a credential: ready", () => {
    expect(() => requireReady(check({}), "claude")).not.toThrow();
    expect(() => requireReady(check({ credential: "login" }), "claude")).not.toThrow();
  });

  test("a CLI missing from the machine names npx guilds harness install <name>", () => {
    const error = caught(() => requireReady(check({ installed: false, version: null }), "codex"));
    expect(error.code).toBe("harness.not_installed");
    expect(error.message).toContain("there is no `codex` on its PATH");
    expect(error.message).toContain("`npx guilds harness install codex`");
    const cursor = caught(() => requireReady(check({ harness: "cursor", installed: false }), "cursor"));
    expect(cursor.message).toContain("`npx guilds harness install cursor`");
    expect(cursor.message).toContain("curl https://cursor.com/install -fsS | bash");
  });

  test.each([
    ["claude", "ANTHROPIC_API_KEY"],
    ["codex", "OPENAI_API_KEY"],
    ["gemini", "GEMINI_API_KEY"],
    ["cursor", "CURSOR_API_KEY"],
  ] as const)("%s with no credential says how to log in or set %s", (harness, key) => {
    const error = caught(() => requireReady(check({ harness, credential: "none" }), harness));
    expect(error.code).toBe("harness.no_credential");
    expect(error.message).toContain("Log in inside the agent's machine");
    expect(error.message).toContain(`npx guilds secret set <guild>/<agent> ${key}`);
  });

  test("Codex: the no-credential message and the README name the same key secrets, those its driver reads", () => {
    const keys = ["OPENAI_API_KEY", "CODEX_API_KEY"];
    const message = caught(() =>
      requireReady(check({ harness: "codex", credential: "none" }), "codex"),
    ).message;
    const readme = readFileSync(fileURLToPath(new URL("../../../../README.md", import.meta.url)), "utf8");
    const harnessCredentials = readme.slice(readme.indexOf("The harness runs on a login"));
    for (const key of keys) {
      expect(message).toMatch(new RegExp(`\\b${key}\\b`));
      expect(harnessCredentials.slice(0, 600)).toContain(`\`${key}\``);
    }
  });

  test("antigravity takes a login only", () => {
    const error = caught(() =>
      requireReady(check({ harness: "antigravity", credential: "none" }), "antigravity"),
    );
    expect(error.message).toContain("Antigravity takes no API key");
  });
});
