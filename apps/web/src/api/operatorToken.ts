/** The operator's bearer token, kept in this browser only (localStorage). */
const KEY = "guilds.token";

export function readOperatorToken(): string | null {
  return globalThis.localStorage?.getItem(KEY) ?? null;
}

export function saveOperatorToken(token: string): void {
  localStorage.setItem(KEY, token.trim());
}

export function forgetOperatorToken(): void {
  localStorage.removeItem(KEY);
}
