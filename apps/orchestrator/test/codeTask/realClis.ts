import type { HarnessName } from "@guilds/protocol/harness";
import { startFakeHarnessModelServer } from "../fakes/fakeHarnessModelServer.ts";
import type { FakeBlock, FakeModelServer } from "../fakes/fakeModelServer.ts";
import { useAcrossTests } from "../support/acrossTests.ts";
import type { Sandbox } from "../toolbox/machineFixture.ts";
import { createTaskHarness, type TaskHarness } from "./taskFixture.ts";

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
  return cli.harness === "claude" ? { CLAUDE_CODE_MAX_RETRIES: "0" } : {};
}

/** The pair a real CLI's tests drive: the fake model server and the task harness whose CLI calls it. */
export interface RealCliTask {
  fake: FakeModelServer;
  harness: TaskHarness;
  dispose(): Promise<void>;
}

export interface RealCliTaskOptions {
  /** The real CLIs' npm prefix (testHarnessDir). */
  harnessDir: string;
  /** The API key secret the CLI runs on. */
  key: string;
  /** A path of the fake server's own that the base-URL secret ends with. */
  route?: string;
  /** Claude Code gives up at once on an error (noRetries). */
  noRetries?: boolean;
  /** How long a task's minute lasts (timeout_minutes), when a test waits for a timeout. */
  minuteMs?: number;
  /** Where the agent's machine runs; default bwrap where it works here. */
  sandbox?: Sandbox;
}

/**
 * For the describe block that calls it (useAcrossTests): a fake model server, and a task harness on a
 * real machine sharing this host's network (a container's network "host"), whose agent runs `cli`
 * against it on a key secret.
 */
export function useRealCliTask(cli: RealCli, options: RealCliTaskOptions): RealCliTask {
  return useAcrossTests(async () => {
    const fake = await startFakeHarnessModelServer(options.route);
    const secrets = cli.secrets(options.key, `${fake.origin}${options.route ?? ""}`);
    const harness = await createTaskHarness({
      harnessDir: options.harnessDir,
      network: "host",
      ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
      harness: cli.harness,
      harnessModel: cli.model,
      secrets: options.noRetries ? { ...secrets, ...noRetries(cli) } : secrets,
      timing: {
        pollIntervalMs: 500,
        ...(options.minuteMs === undefined ? {} : { minuteMs: options.minuteMs }),
      },
    }).catch(async (error: unknown) => {
      await fake.close();
      throw error;
    });
    const dispose = async () => {
      await harness.dispose();
      await fake.close();
    };
    return { fake, harness, dispose };
  });
}
