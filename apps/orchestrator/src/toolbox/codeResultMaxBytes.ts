import { GuildsError } from "@guilds/protocol/guildsError";
import { CODE_RESULT_MAX_BYTES_DEFAULT, CODE_RESULT_MAX_BYTES_MIN } from "@guilds/protocol/limits";
import { z } from "zod";

const Setting = z
  .string()
  .regex(/^\s*\d+\s*$/)
  .transform(Number)
  .pipe(z.number().int().min(CODE_RESULT_MAX_BYTES_MIN).max(Number.MAX_SAFE_INTEGER));

/** CODE_RESULT_MAX_BYTES from the environment: default 8192, at least 1024; anything else is refused. */
export function codeResultMaxBytes(environment: NodeJS.ProcessEnv): number {
  const raw = environment.CODE_RESULT_MAX_BYTES;
  if (raw === undefined || raw.trim() === "") return CODE_RESULT_MAX_BYTES_DEFAULT;
  const parsed = Setting.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new GuildsError(
    "config.invalid",
    `CODE_RESULT_MAX_BYTES must be a whole number of bytes, at least ${CODE_RESULT_MAX_BYTES_MIN} (got ${JSON.stringify(raw)}); ` +
      `set it to ${CODE_RESULT_MAX_BYTES_MIN} or more, or unset it for the default ${CODE_RESULT_MAX_BYTES_DEFAULT}.`,
  );
}
