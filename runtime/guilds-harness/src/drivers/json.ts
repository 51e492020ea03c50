export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** One log line as a JSON object; null for anything else (text, arrays, broken JSON). */
export function parseJsonObject(line: string): JsonObject | null {
  const text = line.trim();
  if (!text.startsWith("{")) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
}

export function stringAt(value: unknown, key: string): string | null {
  if (!isJsonObject(value)) return null;
  const field = value[key];
  return typeof field === "string" ? field : null;
}

export function numberAt(value: unknown, key: string): number | null {
  if (!isJsonObject(value)) return null;
  const field = value[key];
  return typeof field === "number" && Number.isFinite(field) ? field : null;
}

export function objectAt(value: unknown, key: string): JsonObject | null {
  if (!isJsonObject(value)) return null;
  const field = value[key];
  return isJsonObject(field) ? field : null;
}

export function arrayAt(value: unknown, key: string): unknown[] {
  if (!isJsonObject(value)) return [];
  const field = value[key];
  return Array.isArray(field) ? field : [];
}
