import type { ModelScriptInput } from "../providers/modelScript.ts";

/**
 * The demo agent's script: one step per tool, on the sample repository (repos/tally, the working
 * directory since the demo guild has exactly one repository).
 */
export const DEMO_SCRIPT: ModelScriptInput = {
  steps: [
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
  ],
  final_text:
    "That was every code tool on the sample repository: shell ran its tests, file_read read the code, code_search found the TODO, and a background shell ran under shell_status. Point an agent at a real model to go further.",
};
