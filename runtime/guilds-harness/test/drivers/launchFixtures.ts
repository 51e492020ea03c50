import type { CredentialFound, LaunchInput } from "../../src/drivers/driver.ts";
import { fixtureText } from "./capturedTurns.ts";

/** The options ("--x", "-x") of an argv that the CLI's captured --help text lists. */
export function optionsMissingFromHelp(argv: readonly string[], helpFile: string): string[] {
  const help = fixtureText(`help/${helpFile}`);
  return argv
    .filter((arg) => /^--?[a-z]/.test(arg))
    .filter((option) => !new RegExp(`(^|[\\s,])${option.replace(/[-]/g, "\\-")}([\\s,=]|$)`, "m").test(help));
}

export const LOGIN: CredentialFound = { kind: "login", account: "dev@example.com", source: "login file" };

export function secret(source: string): CredentialFound {
  return { kind: "secret", account: null, source };
}

/** A launch input in a fixed, fake home; fields as given. */
export function launchInput(overrides: Partial<LaunchInput> = {}): LaunchInput {
  return {
    home: "/home/agent",
    repoDir: "/home/agent/repos/demo",
    model: null,
    effort: null,
    sessionId: null,
    promptFile: "/home/agent/.runs/run_1/call_1.prompt.md",
    stateDir: "/run/guilds/agent_1/harness/call_1",
    credential: LOGIN,
    asRoot: false,
    env: {},
    ...overrides,
  };
}

/** A JWT with these claims and no signature worth checking. */
export function unsignedJwt(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none" })}.${part(claims)}.signature`;
}
