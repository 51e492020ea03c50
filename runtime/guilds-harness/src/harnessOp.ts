import { GuildsError } from "@guilds/protocol/guildsError";
import type { HelperOp } from "@guilds/runtime/helperDispatch";
import type { z } from "zod";
import type { HarnessContext } from "./context.ts";

export type HarnessOp = HelperOp<HarnessContext>;

/**
 * The orchestrator builds every harness op's arguments, never the model: arguments that do not
 * validate are a fault of ours, an error rather than a result.
 */
export function parseHarnessArgs<Schema extends z.ZodType>(
  op: string,
  schema: Schema,
  raw: unknown,
): z.infer<Schema> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "args"}: ${issue.message}`);
  throw new GuildsError(
    "args.invalid",
    `guilds-harness ${op} got invalid arguments: ${problems.join("; ")}.`,
  );
}
