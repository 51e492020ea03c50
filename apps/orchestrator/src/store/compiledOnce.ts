import { type Compilable, type CompiledQuery, createQueryId, type Kysely, type QueryResult } from "kysely";
import type { Database } from "./database.ts";

type Slot = { param: string } | { constant: unknown };

interface Template {
  compiled: CompiledQuery;
  slots: Slot[];
}

/**
 * A statement of a tool call's hot path, built and compiled by Kysely once per dialect, then run with
 * the parameters of each call (on the connection or transaction given, as any query): Kysely's
 * builder and compiler were a fifth of the server's busy time at ~23 statements a call
 * (bench/README.md, "The store's statements prepared, and a group commit").
 *
 * `build` must use each of `params` only as a value bound to the statement, never to choose its
 * shape (a statement whose shape varies is one compiledOnce per shape), and every call must give
 * the same keys: it is called once, with a marker for each key of the first call's `params`, and
 * every marker must come out as a parameter of the statement.
 */
export function compiledOnce<P extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, params: P) => Compilable<R>,
): (db: Kysely<Database>, params: P) => Promise<QueryResult<R>> {
  // By dialect: a transaction shares its database's adapter.
  const templates = new WeakMap<object, Template>();
  return async (db, params) => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (template === undefined) {
      template = compileTemplate(db, build, params);
      templates.set(adapter, template);
    }
    const parameters = template.slots.map((slot) => ("param" in slot ? params[slot.param] : slot.constant));
    return db.executeQuery<R>({ ...template.compiled, parameters, queryId: createQueryId() });
  };
}

const MARKER = "\u0000compiledOnce:";

function compileTemplate<P extends Record<string, unknown>>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, params: P) => Compilable<unknown>,
  params: P,
): Template {
  const markers = Object.fromEntries(Object.keys(params).map((name) => [name, `${MARKER}${name}`])) as P;
  const compiled = build(db, markers).compile();
  const slots = compiled.parameters.map((value): Slot => {
    const name =
      typeof value === "string" && value.startsWith(MARKER) ? value.slice(MARKER.length) : undefined;
    if (name !== undefined && Object.hasOwn(markers, name)) return { param: name };
    if (typeof value === "string" && value.includes(MARKER)) {
      throw new Error(`compiledOnce: a value made from a parameter in ${compiled.sql}`);
    }
    return { constant: value };
  });
  for (const name of Object.keys(markers)) {
    if (!slots.some((slot) => "param" in slot && slot.param === name)) {
      throw new Error(`compiledOnce: ${name} is not bound as a value of ${compiled.sql}`);
    }
  }
  return { compiled, slots };
}
