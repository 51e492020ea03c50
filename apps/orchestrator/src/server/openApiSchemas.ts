import { z } from "zod";

const DEFS = "#/$defs/";
const COMPONENTS = "#/components/schemas/";

/**
 * The document's schemas: each zod schema given an id (`.meta({ id: "Run" })`, the protocol's views
 * and RunEvent) becomes one entry of components.schemas, referred to by $ref wherever it is used.
 */
export class OpenApiSchemas {
  readonly components: Record<string, unknown> = {};

  /** The JSON schema of `schema` as the document holds it: named parts as $refs into components. */
  of(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
    const {
      $schema: _dialect,
      $defs,
      ...converted
    } = z.toJSONSchema(schema, { io }) as Record<string, unknown>;
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, unknown>)) {
      this.components[id] = toComponentRefs(definition);
    }
    return toComponentRefs(converted) as Record<string, unknown>;
  }
}

function toComponentRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toComponentRefs);
  if (typeof node !== "object" || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string" && value.startsWith(DEFS)
        ? `${COMPONENTS}${value.slice(DEFS.length)}`
        : toComponentRefs(value),
    ]),
  );
}
