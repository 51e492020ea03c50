export const EXIT_OK = 0;
/** The tool could not run: a fault of ours (helper, machine), with its code and how to fix it. */
export const EXIT_FAILED = 1;
/** Bad usage: a GuildsError with code cli.usage, whose message says what to type instead. */
export const EXIT_USAGE = 2;

export const HELP = `guilds: a sandboxed workstation for LLM coding agents

Usage:
  guilds serve [--port <port>]
      Runs the server (what \`npm start\` runs): the HTTP API under /api, the runs and the agents'
      machines. Listens on $HOST (default 127.0.0.1) port --port, else $PORT, else 7777. On the
      first start with no model key set, it makes a demo guild and agent ("demo").

  guilds guild create <name>
  guilds guild list
  guilds guild delete <guild>
      Deletes the guild with its repositories, secrets and notes; refused while it has agents.
  guilds repo add <guild> <name> <url-or-path> [--token-env VAR]
      A git URL (its token read from the variable VAR, never from the command line) or a folder.
  guilds repo list <guild>
  guilds repo delete <guild> <name>
      Deletes the repository and its token; refused while a run of the guild is in progress.
      The clones in the agents' homes (repos/<name>) stay: they are the agents' files.
  guilds agent create <guild> <name> [--provider anthropic|openai|openai-compatible|scripted]
      [--model M] [--base-url U] [--coding on|off] [--max-tool-calls N] [--script <file.json>]
      [--harness claude|codex|gemini|cursor|antigravity] [--harness-model M] [--harness-effort E]
      [--memory 4G] [--pids 1024] [--cpus 2] [--disk 20G]
      The machine's limits (defaults shown): each at most the server's GUILDS_MAX_* when set.
  guilds agent update <guild>/<agent> [--name N] [--memory 8G] [--pids N] [--cpus N] [--disk 50G]
      [--coding on|off] [--max-tool-calls N] [--harness H|none] and the other options of create
      Changes only the settings given; "default" resets a limit. The machine takes new limits at
      its next start.
  guilds agent list [<guild>]
  guilds agent delete <guild>/<agent>
      Deletes the agent with its runs (messages, tool calls, events), secrets and machine folder
      (its home); refused while a run is in progress: cancel it first. While the server still
      holds the machine (it stops it once idle) the folder stays, and the output says where.
  guilds secret set <guild>[/<agent>] NAME [--from-env VAR]
      The value is read from stdin (or the variable VAR), never from the command line.
  guilds secret list <guild>[/<agent>]
  guilds secret delete <guild>[/<agent>] NAME
  guilds note set <guild> <path> [--kind note|record|collection|script] [--file F]
  guilds note get <guild> <path>
  guilds note list <guild> [<prefix>]
  guilds note delete <guild> <path>
      A guild's notes (Markdown), records (JSON objects), collections and scripts, by path
      (runbooks/deploy.md, tasks/t-12). set reads the content from F, else stdin: 1 MiB at most.
  guilds harness install <claude|codex|gemini>...
  guilds harness list
      Installs the harness CLIs code_task drives into GUILDS_HARNESS_DIR (default
      <GUILDS_HOME>/harnesses), which every machine sees on its PATH. Cursor and Antigravity
      come with their own installers, run inside an agent's machine.
  guilds image build [--socket <path>] [--tag <name:tag>] [--base <image>]
      Builds the sandbox image of the docker machine provider (guilds-sandbox:<version>) offline:
      a root filesystem from Debian's packages (mmdebstrap), with node and the helpers, imported
      into the engine on --socket, else DOCKER_HOST, else /var/run/docker.sock (Docker or
      Podman's Docker API). Run \`npm run build\` first: the image holds the built helpers.
      --base makes it from an image already on the engine instead (yours, with bash and node 18+;
      nothing is pulled), in seconds: guilds-sandbox:<version>-<the base's id>.
  guilds token create <name> [--guild <guild> | --agent <guild>/<agent>]
      Prints a token for the API, once: an operator's (everything), or one whose holder sees and
      acts only within the guild or the agent (for MCP clients and automation); the API answers
      403 for a route outside it, and 404 for an id outside it.
  guilds token list
  guilds token revoke <name>
      Names and dates only: token values are never kept. The API refuses a revoked token at once.
      These commands use the store in GUILDS_HOME (or DATABASE_URL) directly, server up or not.

  guilds run <agent> "<message>"
      Starts a run on the running server (GUILDS_URL, default http://127.0.0.1:7777, with the
      token in GUILDS_TOKEN) and shows its events until it ends: a live display on a terminal,
      one line per event otherwise. Ctrl-C cancels the run. <agent> is a name, <guild>/<name>
      or an id.
  guilds mcp --agent <agent>
      Serves the agent's tools to an MCP client on stdin and stdout (Claude Code, Cursor, Claude
      Desktop: the command of an MCP server of theirs), through the running server (GUILDS_URL,
      GUILDS_TOKEN). Each session is a run of the agent there, shown live like any run; the
      server also serves them over streamable HTTP at /mcp?agent=<guild>/<agent>.

  guilds tool <tool> '<json args>' --home <dir> [--run <id>] [--json] [--machine local|docker]
      Runs one code tool call for a local agent whose home is <dir> (created when missing) and
      prints the result text the agent would see; --json prints {"text", "meta"} instead.
      <tool> is shell, shell_status, file_read or code_search. --run names the run (default
      "cli"): calls of one run share its working directory. The machine's own folder is kept
      beside the home, in .<dir name>.guilds-machine. The machine stays up between calls, its
      background commands with it, until 15 minutes pass with nothing running but them. As root
      the home is handed to the sandbox's user: <dir> must be new, empty, or that user's already.
      --machine docker (or GUILDS_MACHINE_PROVIDER=docker) runs it in a container of the engine at
      DOCKER_HOST (default /var/run/docker.sock) instead, made from the sandbox image (guilds image
      build); the container stays up between calls until \`docker stop\`.

  guilds --help

Environment:
  GUILDS_HOME            the data directory (default ~/.guilds): database, secret key, machines
  DATABASE_URL           postgres://... to keep the store in PostgreSQL instead of SQLite
  HOST, PORT             where guilds serve listens (default 127.0.0.1 and 7777)
  GUILDS_URL, GUILDS_TOKEN  the server guilds run and guilds mcp talk to, and the token they send
  GUILDS_SANDBOX         auto (default) or bwrap: bubblewrap, or the machine does not start;
                         unconfined: no sandbox, the commands run on this host as you
  GUILDS_SECCOMP         on (default: the machines' seccomp filter, needs python3-seccomp) or off
  GUILDS_MACHINE_PROVIDER  local (default: bubblewrap on this host) or docker (a container per machine)
  GUILDS_SANDBOX_NETWORK isolated (default), host, or for docker machines egress (out, not to this host)
  GUILDS_SANDBOX_IMAGE   the base image the docker machines' image was built from (image build --base)
  DOCKER_HOST            the container engine of docker machines and guilds image build (unix:///path or
                         tcp://host:port, with DOCKER_TLS_VERIFY and DOCKER_CERT_PATH; default
                         /var/run/docker.sock), when --socket is not given
  CODE_RESULT_MAX_BYTES  the result cap in bytes: default 8192, at least 1024
  GUILDS_MAX_MEMORY, GUILDS_MAX_PIDS, GUILDS_MAX_CPUS, GUILDS_MAX_DISK
                         the most an agent's machine may get (unset: no maximum), e.g. 8G, 4096, 4, 100G

Exit codes: 0 done (a tool ran, even when its command failed; a run completed), 1 it could not
run or the run did not complete, 2 bad usage, 130 a run cancelled with Ctrl-C.

Examples:
  npx guilds token create me
  GUILDS_TOKEN=gt_... npx guilds run demo "hello"
  guilds tool shell '{"command": "git status"}' --home /tmp/agent
  guilds tool file_read '{"path": "README.md", "limit": 20}' --home /tmp/agent --json
`;
