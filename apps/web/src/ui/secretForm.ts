import type { SetSecretBodyInput } from "@guilds/protocol/apiRequests";

/*
 * The secret form's values checked and turned into PUT <owner>/secrets/{name} {value, aliases}.
 * A name and each alias is an environment variable name (apps/orchestrator/src/store/names.ts).
 */

export const SECRET_NAME_PATTERN = /^[A-Z_][A-Z0-9_]*$/;
export const SECRET_NAME_MAX_LENGTH = 100;

export interface SecretFormValues {
  name: string;
  value: string;
  /** Alias names, separated by commas or spaces. */
  aliases: string;
}

export type SecretFormErrors = Partial<Record<keyof SecretFormValues, string>>;

/** The secret's name goes in the path, the rest in the body. */
export interface SetSecretRequest {
  name: string;
  body: SetSecretBodyInput;
}

export function emptySecretForm(): SecretFormValues {
  return { name: "", value: "", aliases: "" };
}

/** "A, B  C," → ["A", "B", "C"]: each once, in order. */
export function parseAliases(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((alias) => alias !== ""))];
}

/**
 * The request, or each field's problem. The aliases are always sent, so the secret ends up with
 * exactly the aliases the form lists (none when blank).
 */
export function buildSetSecretRequest(
  values: SecretFormValues,
): { ok: true; request: SetSecretRequest } | { ok: false; errors: SecretFormErrors } {
  const errors: SecretFormErrors = {};
  const name = values.name.trim();
  const nameError = checkVariableName(name, "name");
  if (nameError !== null) errors.name = nameError;
  if (values.value === "") errors.value = "Give the secret a value.";
  const aliases = parseAliases(values.aliases);
  const badAliases = aliases.filter((alias) => checkVariableName(alias, "alias") !== null);
  if (badAliases.length > 0) {
    errors.aliases = `Aliases are environment variable names too (capital letters, digits and "_", not starting with a digit): fix ${badAliases.join(", ")}.`;
  } else if (aliases.includes(name)) {
    errors.aliases = `${name} is the secret's own name; an alias is another name for the same value.`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: { name, body: { value: values.value, aliases } } };
}

function checkVariableName(name: string, what: "name" | "alias"): string | null {
  if (name === "") return "Name the secret: the environment variable it becomes, such as GITHUB_TOKEN.";
  if (!SECRET_NAME_PATTERN.test(name)) {
    return `A secret's ${what} is an environment variable name: capital letters, digits and "_", not starting with a digit (got ${name}).`;
  }
  if (name.length > SECRET_NAME_MAX_LENGTH)
    return `A secret's ${what} is at most ${SECRET_NAME_MAX_LENGTH} characters.`;
  return null;
}
