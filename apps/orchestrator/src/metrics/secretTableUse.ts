/**
 * How many statements of this process's stores have read or written the `secret` table. A secret's
 * value reaches this process only so (read from the store, or written to it), so the server log's
 * redactor (app/redactingLogger.ts) asks the store whether the secrets changed only once this moved,
 * not before every line. Kysely quotes every table it names; the store writes no raw SQL on it.
 */
let uses = 0;

export function countSecretTableUse(sql: string): void {
  if (sql.includes('"secret"')) uses += 1;
}

export function secretTableUses(): number {
  return uses;
}
