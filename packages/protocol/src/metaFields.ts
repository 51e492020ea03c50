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
  // The tools' metadata schemas check fields, never the object as a whole: fields right one by
  // one are the answer (no second parse, no schema built per call: the app reads this per row).
  return fields as MetaFields<Shape>;
}

/** The fields of a tool's metadata, every one optional. */
export type MetaFields<Shape extends Record<string, z.ZodType>> = z.output<
  z.ZodObject<{ -readonly [Key in keyof Shape]: z.ZodOptional<Shape[Key]> }>
>;
