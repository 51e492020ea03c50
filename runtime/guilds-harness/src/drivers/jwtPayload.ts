import { isJsonObject, type JsonObject } from "./json.ts";

/** The claims of a JWT, read without checking its signature (only to name the account). */
export function jwtPayload(token: string): JsonObject | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
}
