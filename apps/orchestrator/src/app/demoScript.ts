import type { HarnessName } from "@guilds/protocol/harness";
import type { ModelScriptInput } from "../providers/modelScript.ts";

/** What the demo's code task asks the harness: the sample repository's own TODO. */
export const DEMO_TASK_BRIEF =
  'In src/words.js, topWords counts "The", "the" and "the," as three words (see its TODO). Make it ignore case and the punctuation around words, remove the TODO, add a test for it in test/words.test.js, and run `node --test`.';

const TOOL_STEPS: ModelScriptInput["steps"] = [
  {
    type: "reply",
    text: "This is the scripted demo agent. First, the sample's tests.",
    tool_calls: [{ name: "shell", args: { command: "node --test" } }],
  },
  {
    type: "reply",
    text: "Now the code they test.",
    tool_calls: [{ name: "file_read", args: { path: "src/words.js" } }],
  },
  {
    type: "reply",
    text: "Is anything left to do?",
    tool_calls: [{ name: "code_search", args: { pattern: "TODO", mode: "content" } }],
  },
  {
    type: "reply",
    text: "A command in the background, then its status.",
    tool_calls: [
      {
        name: "shell",
        args: { command: "for i in 1 2 3; do echo tick $i; sleep 1; done", background: true },
      },
    ],
  },
  { type: "reply", tool_calls: [{ name: "shell_status", args: {} }] },
];

const CODE_TASK_STEP: ModelScriptInput["steps"][number] = {
  type: "reply",
  text: "Last, the TODO goes to a coding agent as a code task.",
  tool_calls: [{ name: "code_task", args: { brief: DEMO_TASK_BRIEF, repo: "tally" } }],
};

const TOOLS_DONE =
  "shell ran its tests, file_read read the code, code_search found the TODO, and a background shell ran under shell_status";

/**
 * The demo agent's script: one step per tool on the sample repository (repos/tally, the working
 * directory since the demo guild has exactly one repository), ending with a code_task when the agent
 * has a harness.
 */
export function demoScript(harness: HarnessName | null): ModelScriptInput {
  if (harness === null) {
    return {
      steps: TOOL_STEPS,
      final_text: `That was every code tool but code_task on the sample repository: ${TOOLS_DONE}. No harness CLI is installed, so there was no code task: install one with \`npx guilds harness install claude\` (or codex, gemini) and restart the server, and the demo ends by handing the TODO to it. Its block shows the harness, the brief, live progress, then the diffstat, with the diff and the harness's log under the row. Point an agent at a real model to go further.`,
    };
  }
  return {
    steps: [...TOOL_STEPS, CODE_TASK_STEP],
    final_text: `That was every code tool on the sample repository: ${TOOLS_DONE}, and code_task handed the TODO to ${harness}. The harness runs on a login in the agent's home or an API key among the agent's secrets; without either its block shows the harness's sign-in error. Point an agent at a real model to go further.`,
  };
}
