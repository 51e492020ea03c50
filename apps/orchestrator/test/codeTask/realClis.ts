import type { HarnessName } from "@guilds/protocol/harness";
import type { FakeBlock } from "../fakes/fakeModelServer.ts";

/** A real harness CLI as the tests drive it against the fake model server. */
export interface RealCli {
  harness: HarnessName;
  model: string;
  /** Its key and base-URL secrets, for the fake server at `baseUrl`. */
  secrets(key: string, baseUrl: string): Record<string, string>;
  /** A call of its own shell tool running `command` (Claude Code's also carries a description). */
  shellCall(command: string, description?: string): FakeBlock;
}

const toolCall = (id: string, name: string, args: Record<string, string>): FakeBlock => ({
  type: "tool_call",
  id,
  name,
  argChunks: [JSON.stringify(args)],
});

export const CLAUDE: RealCli = {
  harness: "claude",
  model: "claude-sonnet-4-5",
  secrets: (key, baseUrl) => ({ ANTHROPIC_API_KEY: key, ANTHROPIC_BASE_URL: baseUrl }),
  shellCall: (command, description = "Run a command") =>
    toolCall("toolu_fake_1", "Bash", { command, description }),
};

export const CODEX: RealCli = {
  harness: "codex",
  model: "gpt-fake",
  secrets: (key, baseUrl) => ({ OPENAI_API_KEY: key, OPENAI_BASE_URL: `${baseUrl}/v1` }),
  shellCall: (command) => toolCall("call_fake_1", "exec_command", { cmd: command }),
};

export const GEMINI: RealCli = {
  harness: "gemini",
  model: "gemini-2.5-flash",
  secrets: (key, baseUrl) => ({ GEMINI_API_KEY: key, GOOGLE_GEMINI_BASE_URL: baseUrl }),
  shellCall: (command) => toolCall("fc_1", "run_shell_command", { command }),
};

/** Claude Code gives up at once on an error, so a failed turn ends at once (the others need nothing). */
export function noRetries(cli: RealCli): Record<string, string> {
  return cli === CLAUDE ? { CLAUDE_CODE_MAX_RETRIES: "0" } : {};
}
