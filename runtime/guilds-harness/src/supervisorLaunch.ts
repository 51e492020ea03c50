import { z } from "zod";

/**
 * What the supervisor starts, sent on its stdin by start and never written to a file: the
 * environment holds the agent's secrets. The brief is in none of it; the CLI reads the prompt file.
 */
export const SupervisorLaunch = z.object({
  /** The CLI's absolute path and arguments, behind the shell that joins the task's cgroup when it has one. */
  argv: z.array(z.string()).min(1),
  env: z.record(z.string(), z.string()),
  /** repos/<repo> in the home. */
  cwd: z.string(),
  /** The prompt file as the CLI's stdin, or null: stdin closed (the argv names the file). */
  stdin_file: z.string().nullable(),
  /** The harness log, appended to. */
  log_file: z.string(),
});
export type SupervisorLaunch = z.infer<typeof SupervisorLaunch>;
