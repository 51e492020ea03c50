// code_task: the tool, its ten steps in order, and the checks of steps 1 to 3 (harness, repository,
// readiness) that fail the call before anything runs.
import { GuildsError } from "@guilds/protocol/guildsError";
import {
  type CheckMeta,
  HARNESS_DISPLAY_NAMES,
  HARNESS_NAMES,
  type HarnessName,
} from "@guilds/protocol/harness";
import type { CodeTaskArgs } from "@guilds/protocol/toolArgs";
import { codeTaskContract } from "@guilds/protocol/tools/codeTask";
import { HARNESS_PACKAGES } from "../../harnesses/harnessPackages.ts";
import { defineTool, type ToolResult } from "../tool.ts";
import type { ToolContext } from "../toolContext.ts";
import { checkpointRef, takeCheckpoint } from "./checkpoint.ts";
import { codeTaskDescription } from "./codeTaskDescription.ts";
import { harnessOps } from "./harnessOps.ts";
import { composeBrief, loadBriefNotes } from "./taskBrief.ts";
import { formatTaskResult, notStartedReport, type TaskReport, taskMetadata } from "./taskReport.ts";
import { runTurn } from "./taskTurn.ts";

/**
 * code_task: hands a brief to the agent's harness, a coding-agent CLI that guilds-harness drives
 * inside the agent's machine, and returns how its turn ended. The harness log API reads what it
 * kept (taskArtifacts.ts); a task a server restart left behind is ended by taskRecovery.ts.
 */
export const codeTaskTool = defineTool({
  contract: codeTaskContract,
  description: codeTaskDescription,
  execute: (args, context) => runCodeTask(args, context),
});

/**
 * One code_task, its ten steps in order: harness, repository, check, brief, start checkpoint, then
 * the turn (start, polls, stop, result, end checkpoint). Steps 1 to 4 fail the call with a
 * GuildsError; how the turn ended is the result. The machine is held awake for the whole call.
 */
export async function runCodeTask(args: CodeTaskArgs, context: ToolContext): Promise<ToolResult> {
  const began = Date.now();
  const harness = chosenHarness(context.agent.harness, context.codeTasks.harnessesOff, context.agent.id);
  const repository = taskRepository(args.repo, context.repositories.names);
  const release = context.machine.keepAwake();
  try {
    await context.repositories.ensureCloned(repository);
    const ops = harnessOps(context.codeTasks.harnesses, {
      machine: context.machine,
      runId: context.runId,
      agentId: context.agent.id,
      callId: context.callId,
      repository,
      secrets: context.secrets,
      maxBytes: context.maxBytes,
    });
    requireReady(await ops.check(harness), harness);
    const notes = await loadBriefNotes(context.codeTasks.notes, context.agent, args.notes ?? []);
    const brief = composeBrief(args.brief, notes);
    if (context.signal.aborted) return resultOf(notStartedReport(harness, repository, began, null), context);
    const startSha = await takeCheckpoint(context.machine, {
      repoFolder: `repos/${repository}`,
      ref: checkpointRef(context.runId, context.callId, "start"),
    });
    if (context.signal.aborted) {
      return resultOf(notStartedReport(harness, repository, began, startSha), context);
    }
    const report = await runTurn(context, {
      ops,
      harness,
      repository,
      brief,
      sessionId: args.session_id ?? null,
      timeoutMinutes: args.timeout_minutes,
      startSha,
      began,
    });
    return resultOf(report, context);
  } finally {
    release();
  }
}

/** Only a completed turn is ok: any other ending is for the agent to act on. */
function resultOf(report: TaskReport, context: Pick<ToolContext, "maxBytes">): ToolResult {
  return {
    ok: report.status === "completed",
    text: formatTaskResult(report, context.maxBytes),
    meta: taskMetadata(report),
  };
}

/** The server setting that turns harnesses off for every agent. */
export const HARNESSES_OFF_VARIABLE = "GUILDS_HARNESSES_OFF";

/**
 * Step 1: the agent's harness. None picked is harness.missing; one the server turns off is
 * harness.off.
 */
export function chosenHarness(
  harness: HarnessName | null,
  harnessesOff: readonly HarnessName[],
  agentId: string,
): HarnessName {
  if (harness === null) {
    throw new GuildsError(
      "harness.missing",
      `This agent has no harness, so code_task has nothing to run. The operator picks one in the agent's settings: PATCH /api/agents/${agentId} with {"harness": "<name>"}, the name one of ${HARNESS_NAMES.join(", ")}. Until then, make the change yourself with shell.`,
    );
  }
  if (harnessesOff.includes(harness)) {
    const others = HARNESS_NAMES.filter((name) => !harnessesOff.includes(name));
    throw new GuildsError(
      "harness.off",
      `${HARNESS_DISPLAY_NAMES[harness]} (${harness}) is turned off on this server (${HARNESSES_OFF_VARIABLE}=${harnessesOff.join(",")}), so code_task cannot run it. The operator picks another harness for the agent${others.length > 0 ? ` (${others.join(", ")})` : ""}, or removes ${harness} from ${HARNESSES_OFF_VARIABLE} and restarts the server. Until then, make the change yourself with shell.`,
    );
  }
  return harness;
}

/**
 * GUILDS_HARNESSES_OFF: the harnesses this server turns off for every agent, comma-separated
 * ("cursor,antigravity"). Unset or empty turns none off; an unknown name is refused.
 */
export function parseHarnessesOff(raw: string | undefined): HarnessName[] {
  const names = (raw ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const off: HarnessName[] = [];
  for (const name of names) {
    const harness = HARNESS_NAMES.find((candidate) => candidate === name);
    if (harness === undefined) {
      throw new GuildsError(
        "config.invalid",
        `Invalid environment: ${HARNESSES_OFF_VARIABLE} names ${JSON.stringify(name)}, which is not a harness; list some of ${HARNESS_NAMES.join(", ")}, comma-separated (e.g. cursor,antigravity), or unset it.`,
      );
    }
    if (!off.includes(harness)) off.push(harness);
  }
  return off;
}

/**
 * Step 2: repo, else the guild's only repository. No repository, an unknown name, or no repo with
 * several is an error naming the guild's repositories. A session's repository is not checked: the
 * agent passes the one the session started in.
 */
export function taskRepository(repo: string | undefined, repositoryNames: readonly string[]): string {
  if (repositoryNames.length === 0) {
    throw new GuildsError(
      "repository.none",
      "The guild has no repositories, so a harness has nowhere to work. The operator adds one with `npx guilds repo add <guild> <name> <url-or-path>`; until then, work in the home with shell.",
    );
  }
  const listed = repositoryNames.join(", ");
  if (repo !== undefined) {
    if (repositoryNames.includes(repo)) return repo;
    throw new GuildsError(
      "repository.unknown",
      `The guild has no repository named ${JSON.stringify(repo)}. Its repositories are: ${listed}. Pass one of them as repo.`,
    );
  }
  const [only] = repositoryNames;
  if (repositoryNames.length === 1 && only !== undefined) return only;
  throw new GuildsError(
    "repository.ambiguous",
    `The guild has several repositories (${listed}), so code_task needs repo: pass the one to work in.`,
  );
}

/** How to give each harness a credential: its login inside the machine, or its API key as a secret. */
const CREDENTIAL_ADVICE: Record<HarnessName, string> = {
  claude:
    "Log in inside the agent's machine (run `claude` in a shell there and sign in with /login; the login stays in the agent's home), or set its key as a secret: `npx guilds secret set <guild>/<agent> ANTHROPIC_API_KEY`.",
  codex:
    "Log in inside the agent's machine (run `codex login --device-auth` in a shell there; the login stays in the agent's home), or set its key as a secret: `npx guilds secret set <guild>/<agent> OPENAI_API_KEY` (or `CODEX_API_KEY`).",
  gemini:
    "Log in inside the agent's machine (run `gemini` in a shell there and sign in with Google; the login stays in the agent's home), or set its key as a secret: `npx guilds secret set <guild>/<agent> GEMINI_API_KEY`.",
  cursor:
    "Log in inside the agent's machine (run `NO_OPEN_BROWSER=1 agent login` in a shell there; the login stays in the agent's home), or set its key as a secret: `npx guilds secret set <guild>/<agent> CURSOR_API_KEY`.",
  antigravity:
    "Log in inside the agent's machine (run `agy` in a shell there and sign in with Google; the login stays in the agent's home); Antigravity takes no API key.",
};

/**
 * Step 3, from guilds-harness check: a CLI missing from the machine is harness.not_installed, a
 * harness with no credential is harness.no_credential, each saying what the operator does about it.
 */
export function requireReady(check: CheckMeta, harness: HarnessName): void {
  const name = HARNESS_DISPLAY_NAMES[harness];
  const found = HARNESS_PACKAGES[harness];
  if (!check.installed) {
    const installer =
      found.kind === "installer"
        ? ` It is not on npm: that command tells how to run its installer (\`${found.command}\`) inside the agent's machine, which puts it in ~/.local/bin.`
        : "";
    throw new GuildsError(
      "harness.not_installed",
      `${name} is not installed in the agent's machine: there is no \`${found.binary}\` on its PATH. The operator installs it with \`npx guilds harness install ${harness}\`.${installer} Until then, make the change yourself with shell.`,
    );
  }
  if (check.credential === "none") {
    throw new GuildsError(
      "harness.no_credential",
      `${name} has no credential in the agent's machine: no login in its home and no API key among the agent's secrets. ${CREDENTIAL_ADVICE[harness]} Until then, make the change yourself with shell.`,
    );
  }
}
