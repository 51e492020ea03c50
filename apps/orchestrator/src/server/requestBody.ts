import { GuildsError } from "@guilds/protocol/guildsError";
import type { Context } from "hono";
import type { z } from "zod";
import { describeIssues } from "../providers/describeIssues.ts";

/** Request bodies are JSON objects of at most this many bytes (1 MiB); larger ones get a 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The body parsed as JSON and checked against `schema`; a 400 naming each invalid field otherwise. */
export async function readJsonBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = text.trim() === "" ? undefined : JSON.parse(text);
  } catch (caught) {
    const reason = caught instanceof Error ? caught.message : String(caught);
    throw new GuildsError(
      "request.malformed_json",
      `The request body is not valid JSON (${reason}); send one JSON object with Content-Type: application/json.`,
    );
  }
  if (value === undefined) {
    throw new GuildsError(
      "request.body_missing",
      "The request needs a JSON object body; see GET /api/openapi.json.",
    );
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new GuildsError(
    "request.invalid",
    `Invalid request body: ${describeIssues(parsed.error)}. Fix these fields and retry; GET /api/openapi.json describes them.`,
  );
}
