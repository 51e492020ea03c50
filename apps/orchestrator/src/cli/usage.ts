/** Bad usage of the CLI: the message says what to type instead; the exit code is 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export const EXIT_OK = 0;
/** The tool could not run: a fault of ours (helper, machine), with its code and how to fix it. */
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export const HELP = `guilds: a sandboxed workstation for LLM coding agents

Usage:
  guilds serve [--port <port>]
      Runs the server on 127.0.0.1, port --port, else $PORT, else 7777. For now it answers
      GET /healthz; runs and the API arrive with the next issues.

  guilds tool <tool> '<json args>' --home <dir> [--run <id>] [--json]
      Runs one code tool call for a local agent whose home is <dir> (created when missing) and
      prints the result text the agent would see; --json prints {"text", "meta"} instead.
      <tool> is shell, shell_status, file_read or code_search. --run names the run (default
      "cli"): calls of one run share its working directory. The machine's own folder is kept
      beside the home, in .<dir name>.guilds-machine. The machine stays up between calls, its
      background commands with it, until 15 minutes pass with nothing running but them.

  guilds --help

Environment:
  GUILDS_SANDBOX         bwrap, unconfined or auto (default auto: bwrap where it works here)
  CODE_RESULT_MAX_BYTES  the result cap in bytes: default 8192, at least 1024

Exit codes: 0 the tool ran (even when its command failed), 1 it could not run, 2 bad usage.

Examples:
  guilds tool shell '{"command": "git status"}' --home /tmp/agent
  guilds tool file_read '{"path": "README.md", "limit": 20}' --home /tmp/agent --json
`;
