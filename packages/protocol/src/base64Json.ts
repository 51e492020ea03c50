/** The transport's encoding: JSON, then base64, on one line. */
export function encodeBase64Json(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64");
}

/** Throws on anything that is not base64 of a JSON text. */
export function decodeBase64Json(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(trimmed)) throw new Error("not base64");
  return JSON.parse(Buffer.from(trimmed, "base64").toString("utf8"));
}
