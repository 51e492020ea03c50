/** The fields every pino line has, shown in a readable line's head rather than after it. */
const HEAD_FIELDS = new Set(["level", "time", "msg", "notice"]);

const LEVEL_PREFIX: Readonly<Record<string, string>> = {
  warn: "WARNING: ",
  error: "ERROR: ",
  fatal: "FATAL: ",
};

/**
 * One JSON line of pino as a person reads it at a terminal: `[guilds] 12:04:05 WARNING: message
 * key=value ...`, the prefix of the server's lines before they were structured. A notice (where the
 * server listens, what to do next) is its message alone.
 */
export function readableLine(json: string): string {
  const entry = JSON.parse(json) as Record<string, unknown>;
  const message = String(entry.msg ?? "");
  if (entry.notice === true) return `${message}\n`;
  const fields = Object.entries(entry)
    .filter(([key]) => !HEAD_FIELDS.has(key))
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  const level = LEVEL_PREFIX[String(entry.level)] ?? "";
  return `[guilds] ${clockTime(entry.time)} ${level}${[message, ...fields].join(" ")}\n`;
}

function clockTime(time: unknown): string {
  const date = new Date(typeof time === "string" || typeof time === "number" ? time : Date.now());
  return date.toTimeString().slice(0, 8);
}

/** Quoted only when a reader could not tell where it ends. */
function fieldText(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return /^[^\s"=]+$/.test(text) ? text : JSON.stringify(text);
}
