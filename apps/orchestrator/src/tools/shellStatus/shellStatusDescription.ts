import { BACKGROUND_KILL_GRACE_MS, BACKGROUND_TAIL_LINES } from "@guilds/protocol/limits";
import type { ToolDescription } from "../tool.ts";

export const shellStatusDescription: ToolDescription = {
  text: `Follow or stop a command started with shell and background: true.

Without id, lists each background command as <id> <state> <elapsed> <command>. With id, shows that command's state (running, exited N, stopping, stopped, or ended when it is gone without an exit code), its elapsed time, its log path, and the last ${BACKGROUND_TAIL_LINES} lines of its log. With id and stop: true, ends it: SIGTERM to its process group, then SIGKILL ${BACKGROUND_KILL_GRACE_MS / 1000} seconds later.`,
  args: {
    id: "A background command's id, such as b1; omit it to list them all.",
    stop: 'true ends the command named by id (it needs an id: {"id": "b1", "stop": true}); default false.',
  },
};
