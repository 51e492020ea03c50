/**
 * One thing the server needs to do its work. `run` resolves with what it found when the thing is
 * fine and throws saying what is wrong when it is not.
 */
export interface ReadinessCheck {
  name: string;
  run(): Promise<string>;
}

export interface CheckOutcome {
  name: string;
  status: "ok" | "fail";
  message: string;
}

/** The answer of /readyz. */
export interface Readiness {
  status: "ready" | "not_ready";
  /** The checks that failed, by name: what a probe's log shows first. */
  failed: string[];
  checks: CheckOutcome[];
}

/** A check still running past this fails: a probe must get its answer before its own timeout. */
export const CHECK_TIMEOUT_MS = 5_000;

/** Runs every check at once; each fails on its own, by its error or by running out of time. */
export async function checkReadiness(
  checks: readonly ReadinessCheck[],
  timeoutMs: number = CHECK_TIMEOUT_MS,
): Promise<Readiness> {
  const outcomes = await Promise.all(checks.map((check) => outcomeOf(check, timeoutMs)));
  const failed = outcomes.filter((outcome) => outcome.status === "fail").map((outcome) => outcome.name);
  return { status: failed.length === 0 ? "ready" : "not_ready", failed, checks: outcomes };
}

async function outcomeOf(check: ReadinessCheck, timeoutMs: number): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    const message = await Promise.race([check.run(), late]);
    return { name: check.name, status: "ok", message };
  } catch (error) {
    return {
      name: check.name,
      status: "fail",
      message: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}
