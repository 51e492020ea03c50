import { z } from "zod";
import { CODE_RESULT_MAX_BYTES_MIN } from "./limits.ts";

/**
 * One call of a helper (guilds-code, guilds-harness). The page's fields (op, args, run id, agent id,
 * call id, default working directory, result byte cap), plus what changes from call to call and so
 * never lives in a long-lived helper's own environment: the agent's secrets, its port block and the
 * repositories' tokens.
 */
export const HelperRequest = z.object({
  /** The operation: shell, shell_status, file_read, code_search (or a harness op). */
  op: z.string().min(1),
  /** The tool's arguments, validated again by the op. */
  args: z.unknown(),
  run_id: z.string().regex(/^[A-Za-z0-9_.:-]{1,200}$/),
  agent_id: z.string().regex(/^[A-Za-z0-9_.:-]{1,200}$/),
  call_id: z.string().regex(/^[A-Za-z0-9_.:-]{1,200}$/),
  /** Default working directory, relative to the home: "repos/<name>" or "" for the home itself. */
  cwd: z.string(),
  /** CODE_RESULT_MAX_BYTES: the helper shapes `text` to fit. */
  max_bytes: z.number().int().min(CODE_RESULT_MAX_BYTES_MIN),
  /** Variables for the commands it runs: secrets (and aliases), PORT, GUILDS_PORTS. */
  env: z.record(z.string(), z.string()).default({}),
  /** Token per repository name (repos/<name>), for GH_TOKEN. */
  repo_tokens: z.record(z.string(), z.string()).default({}),
  /**
   * One-shot calls only: the 0600 file under /run/guilds holding env and repo_tokens, which stay
   * off the command line any user of the host can read. The helper reads and deletes it first.
   */
  env_file: z.string().optional(),
});
export type HelperRequest = z.infer<typeof HelperRequest>;
export type HelperRequestInput = z.input<typeof HelperRequest>;
