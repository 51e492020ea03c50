/**
 * Every stable code of our own faults, with the HTTP status the API answers it with: the one table
 * of both. A code is dotted `noun.reason`; clients match on it, never on the message. It travels in
 * API error bodies (`{ error: { code, message } }`), in a failed tool call's `meta.error_code` and
 * in a helper's envelope error. Outcomes a model reads (a failed command, a missing file) are
 * results, never these. A code that never reaches the API (the CLI's, the helpers') still has a
 * status, so that any fault that does reach it answers with one.
 */
export const ERROR_STATUS = {
  // The API's requests.
  /** A request body, query or path the client must fix; also a helper request the protocol refuses. */
  "request.invalid": 400,
  /** The request body is not JSON. */
  "request.malformed_json": 400,
  /** The request needs a JSON body and has none. */
  "request.body_missing": 400,
  /** The request body is over the API's limit (1 MiB). */
  "request.too_large": 413,
  /** The HTTP layer refused the request (the answer keeps the layer's own 4xx status). */
  "request.rejected": 400,
  /** No API route for this method and path. */
  "route.not_found": 404,
  /** The path is a route's, the method is not one of its (the answer's Allow header lists them). */
  "route.method_not_allowed": 405,
  /** The Host header names none of the server's names (GUILDS_ALLOWED_HOSTS). */
  "request.wrong_host": 421,
  /** The request carries no operator token. */
  "auth.missing": 401,
  /** The operator token is revoked, mistyped or from another server. */
  "auth.invalid": 401,
  /** A guild's or an agent's token used on a route outside its scope. */
  "auth.forbidden": 403,

  // The server itself.
  /** The server failed on a request; the details are in its log only. */
  "server.internal": 500,
  /** The server is shutting down and takes no new message. */
  "server.closing": 503,
  /** Another guilds server holds the database. */
  "server.running": 500,
  /** (CLI) No guilds server answers at GUILDS_URL. */
  "server.unreachable": 502,
  /** (CLI) The server answered with something that is not our JSON. */
  "server.unexpected_answer": 502,
  /** A setting from the environment is out of range or unknown. */
  "config.invalid": 500,
  /** (CLI) Bad usage of the command line: the message says what to type instead. */
  "cli.usage": 400,

  // The store.
  /** The store's disk is full: nothing can be written, reading still works. */
  "storage.full": 507,
  /** A stored value is not what guilds writes: the database was changed outside guilds. */
  "store.corrupt": 500,
  /** Creating or migrating the tables failed. */
  "store.migration_failed": 500,
  /** PostgreSQL has no current schema to create the tables in. */
  "store.no_schema": 500,

  // Guilds, agents, runs and the other stored entities.
  /** No guild with this id or name. */
  "guild.not_found": 404,
  /** A guild of this name exists. */
  "guild.exists": 409,
  /** The guild name is empty, too long, or holds control characters or outer spaces. */
  "guild.name_invalid": 400,
  /** The guild still has agents. */
  "guild.not_empty": 409,
  /** No agent with this id or name. */
  "agent.not_found": 404,
  /** The guild has an agent of this name. */
  "agent.exists": 409,
  /** The agent name is empty, too long, or holds control characters or outer spaces. */
  "agent.name_invalid": 400,
  /** An agent setting is invalid (model, provider, limits, ...). */
  "agent.invalid": 400,
  /** A machine limit of the agent is above the server's maximum (GUILDS_MAX_*). */
  "agent.limit_above_maximum": 400,
  /** The agent has a run in progress. */
  "agent.busy": 409,
  /** The agent id cannot name a folder. */
  "agent.id_invalid": 500,
  /** No repository with this id or name. */
  "repository.not_found": 404,
  /** The guild has a repository of this name. */
  "repository.exists": 409,
  /** The repository name cannot be its folder repos/<name>. */
  "repository.name_invalid": 400,
  /** The repository's URL or path is empty or unusable. */
  "repository.source_invalid": 400,
  /** The repository is a local path, and only a git URL takes a token. */
  "repository.token_needs_url": 400,
  /** The repository's URL or token holds a control character. */
  "repository.token_invalid": 400,
  /** A run of the guild is in progress, whose commands may use the repository. */
  "repository.in_use": 409,
  /** The repository could not be cloned into the agent's home. */
  "repository.clone_failed": 502,
  /** The git config of the agent's home could not be set to use the repository tokens. */
  "repository.credentials_failed": 500,
  /** The sample repository could not be made. */
  "repository.sample_failed": 500,
  /** (code_task) The guild has no repository. */
  "repository.none": 400,
  /** (code_task) The repository named is not one of the guild's. */
  "repository.unknown": 400,
  /** (code_task) No repository named, and the guild has several. */
  "repository.ambiguous": 400,
  /** No secret with this name here. */
  "secret.not_found": 404,
  /** The secret name (or alias) is not an environment variable name. */
  "secret.name_invalid": 400,
  /** The secret's value is empty. */
  "secret.value_empty": 400,
  /** A stored secret does not decrypt with the current key. */
  "secret.undecryptable": 500,
  /** The secret key (GUILDS_SECRET_KEY or secret.key) is not base64 of 32 bytes. */
  "secret.key_invalid": 500,
  /** No operator token of this name. */
  "token.not_found": 404,
  /** An operator token of this name exists. */
  "token.exists": 409,
  /** The token name is empty, too long, or holds control characters or outer spaces. */
  "token.name_invalid": 400,
  /** No run with this id. */
  "run.not_found": 404,
  /** An MCP client makes the run's calls: the operator cannot send it a message. */
  "run.busy": 409,
  /** The run driven by a client (an MCP session) has ended: no more calls in it. */
  "run.ended": 409,
  /** No message with this id. */
  "message.not_found": 404,
  /** No generation with this id. */
  "generation.not_found": 404,
  /** No tool call with this id. */
  "tool_call.not_found": 404,
  /** The operator has set no price for this model. */
  "price.not_found": 404,
  /** The model's name is empty, too long, or holds control characters or outer spaces. */
  "price.model_invalid": 400,

  // Notes.
  /** The guild has no note at this path. */
  "note.not_found": 404,
  /** A note at this path was created a moment ago by another call. */
  "note.exists": 409,
  /** The path holds a note of another kind. */
  "note.kind_conflict": 409,
  /** The collection still holds notes. */
  "note.collection_not_empty": 409,
  /** The note path is not relative segments of the allowed characters. */
  "note.path_invalid": 400,
  /** The content does not suit the kind (a collection's content, a NUL character). */
  "note.content_invalid": 400,
  /** A note, record or script without content. */
  "note.content_missing": 400,
  /** The content is over 1 MiB. */
  "note.too_large": 413,
  /** A record's content is not one JSON object. */
  "note.record_invalid": 400,
  /** (code_task) A note of `notes` is a collection or a script. */
  "note.refused": 400,
  /** (code_task) A note of `notes` does not load. */
  "note.missing": 404,

  // Model providers.
  /** The provider refused the key (HTTP 401/403), or no key is configured. */
  "provider.auth": 502,
  /** No answer from the provider: connection refused, DNS, reset, timeout. */
  "provider.unreachable": 502,
  /** HTTP 429: the key's rate or quota is exhausted (retried once before this is reported). */
  "provider.rate_limited": 502,
  /** The provider refused the request itself (HTTP 400/404/413/422): unknown model, prompt too long. */
  "provider.rejected": 502,
  /** The provider failed (HTTP 5xx, overloaded) or its stream broke off. */
  "provider.error": 502,
  /** The caller aborted the generation. */
  "provider.cancelled": 502,
  /** The model config or script is invalid; found before any call. */
  "provider.config": 400,

  // Machines.
  /** An exec or file write before the machine started or after it stopped. */
  "machine.not_running": 503,
  /** The machine could not be started (no sandbox, a bad folder, a refused limit, ...). */
  "machine.start_failed": 503,
  /** The machine lost a process it ran. */
  "machine.exec_failed": 502,
  /** A file write outside the home and the runtime folder. */
  "machine.path_outside": 500,
  /** The machine ended under a call by itself (past its disk limit, its sandbox died). */
  "machine.stopped": 503,
  /** A helper (guilds-code, guilds-harness) is not built on the server. */
  "helper.missing": 500,
  /** No container engine (Docker, Podman) answers on its socket or DOCKER_HOST. */
  "engine.unreachable": 502,
  /** The container engine refused a request (an image import, a container it could not make). */
  "engine.failed": 502,
  /** The egress network's host firewall could not be set (iptables missing or refusing, no ip_forward). */
  "network.firewall_failed": 500,
  /** The sandbox image could not be built (mmdebstrap missing or failed, a helper not built). */
  "image.build_failed": 500,
  /** The sandbox image is not on the engine: `guilds image build` makes it. */
  "image.missing": 503,

  // Tool calls and the helpers that run them.
  /** The model called a tool that does not exist. */
  "tool.unknown": 400,
  /** A tool call failed with a fault that carries no code of its own. */
  "tool.failed": 500,
  /** A tool's or an op's arguments do not match its schema. */
  "args.invalid": 400,
  /** The helper printed no envelope: it crashed, printed garbage, or was killed. */
  "helper.failed": 502,
  /** The helper gave no answer within its deadline and was stopped. */
  "helper.timeout": 504,
  /** The call was cancelled by its caller and the helper was stopped. */
  "helper.cancelled": 502,
  /** The helper failed inside an op (an uncaught error). */
  "helper.internal": 502,
  /** The helper has no op of this name. */
  "op.unknown": 502,
  /** A line to guilds-code serve that is not base64 JSON. */
  "request.unreadable": 502,
  /** bash could not be started for a shell command. */
  "shell.spawn_failed": 502,
  /** The long-lived helper's command launcher ended while a command ran; the command was stopped. */
  "shell.launcher_lost": 502,
  /** A background command could not be started. */
  "shell.background_failed": 502,
  /** ripgrep is not on the machine's PATH. */
  "search.rg_missing": 500,

  // code_task: its harness, its logs and checkpoints.
  /** The agent has no harness picked. */
  "harness.missing": 409,
  /** The server turns the agent's harness off (GUILDS_HARNESSES_OFF). */
  "harness.off": 409,
  /** The harness's CLI is not installed in the machine. */
  "harness.not_installed": 409,
  /** The harness has no credential: no login in the home, no API key among the secrets. */
  "harness.no_credential": 409,
  /**
   * guilds-harness answered an op with meta the protocol refuses, or with an error whose code is not
   * in this table (the fallback for such a code).
   */
  "harness.op_failed": 502,
  /** The harness of the call is still running. */
  "harness.running": 409,
  /** The harness's supervisor could not be started. */
  "harness.start_failed": 502,
  /** No harness state for the call: its result was already read, or the machine restarted. */
  "harness.gone": 404,
  /** The harness exited without an exit record, so its result cannot be read. */
  "result.unreadable": 502,
  /** The harness log is gone from the agent's home. */
  "log.missing": 404,
  /** The repo argument is not a folder name under repos/. */
  "repo.invalid": 400,
  /** There is no such repository folder in the agent's home. */
  "repo.missing": 404,
  /** This server reads no task logs or diffs: it runs without the agents' machines. */
  "tasks.unavailable": 503,
  /** The call has no harness log. */
  "task_log.not_found": 404,
  /** The call's harness log was pruned with its run. */
  "task_log.gone": 404,
  /** The call has no task diff. */
  "task_diff.not_found": 404,
  /** git refused the checkpoint: not a repository, no such folder, an unwritable object. */
  "checkpoint.failed": 502,
  /** git could not diff the two checkpoints: an unknown commit, a repository gone. */
  "checkpoint.diff_failed": 502,
  /** The checkpoint's git command passed its deadline and was stopped. */
  "checkpoint.timeout": 504,
  /** The caller's signal aborted the checkpoint's git command, which was stopped. */
  "checkpoint.cancelled": 502,
} as const satisfies Readonly<Record<string, number>>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, value);
}

/**
 * The HTTP status the API answers a code with.
 * @example httpStatusOf("run.not_found") // 404
 */
export function httpStatusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
