import { formatArgsError } from "@guilds/protocol/argsError";
import { checkShellArgs } from "@guilds/protocol/toolArgsCheck";
import type { Op } from "../../context.ts";
import { startBackgroundShell } from "./backgroundStart.ts";
import { runForegroundShell } from "./foregroundShell.ts";

/** shell: "Run a bash command: tests, builds, git, gh", in the foreground or the background. */
export const shell: Op = async (args, context) => {
  const parsed = checkShellArgs(args);
  // Invalid arguments are the model's to fix: a result, not an error.
  if (!parsed.success) return { text: formatArgsError("shell", parsed, args), meta: {} };
  return parsed.data.background
    ? startBackgroundShell(parsed.data, context)
    : runForegroundShell(parsed.data, context);
};
