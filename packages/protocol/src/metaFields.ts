import type { z } from "zod";

/**
 * The fields of a call's stored metadata that its tool's schema accepts, each read on its own: a
 * metadata cut short (a call that failed before its tool ran, a task still running) or holding an
 * odd value keeps the fields that are right, and the others read as absent.
 *
 * @example metaFields(ShellMeta, { exit_code: 1, cwd: 5 }) // { exit_code: 1 }
 */
export function metaFields<Shape extends Record<string, z.ZodType>>(
  schema: z.ZodObject<Shape>,
  metadata: unknown,
): MetaFields<Shape> {
  const fields: Record<string, unknown> = {};
  if (typeof metadata === "object" && metadata !== null) {
    const stored = new Map(Object.entries(metadata));
    for (const [key, field] of Object.entries(schema.shape)) {
      const parsed = field.safeParse(stored.get(key));
      if (parsed.success && parsed.data !== undefined) fields[key] = parsed.data;
    }
  }
  // Fields right one by one are right together, unless the schema checks them as a whole.
  const partial = schema.partial();
  const whole = partial.safeParse(fields);
  return whole.success ? whole.data : partial.parse({});
}

/** The fields of a tool's metadata, every one optional. */
export type MetaFields<Shape extends Record<string, z.ZodType>> = z.output<
  z.ZodObject<{ -readonly [Key in keyof Shape]: z.ZodOptional<Shape[Key]> }>
>;
