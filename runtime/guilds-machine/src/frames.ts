import type { StartFrame, WriteFileFrame } from "@guilds/protocol/machineExec";

/** The daemon has no dependencies: its two requests are checked by hand. */
export function readStart(value: unknown): StartFrame {
  const record = asRecord(value);
  const { argv, env, cwd, stdin, longLived } = record;
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((item) => typeof item === "string")) {
    throw new Error("start needs a non-empty argv of strings");
  }
  const environment = asRecord(env);
  if (!Object.values(environment).every((item) => typeof item === "string")) {
    throw new Error("start needs an env of strings");
  }
  if (typeof cwd !== "string") throw new Error("start needs a cwd");
  if (stdin !== "ignore" && stdin !== "pipe") throw new Error('start needs stdin "ignore" or "pipe"');
  if (longLived !== undefined && typeof longLived !== "boolean") throw new Error("longLived is a boolean");
  return { argv, env: environment as Record<string, string>, cwd, stdin, longLived: longLived === true };
}

export function readWriteFile(value: unknown): WriteFileFrame {
  const { path, mode } = asRecord(value);
  if (typeof path !== "string" || !path.startsWith("/")) throw new Error("writeFile needs an absolute path");
  if (typeof mode !== "number" || !Number.isInteger(mode)) throw new Error("writeFile needs a mode");
  return { path, mode };
}

function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error("expected an object");
  return value as Record<string, unknown>;
}
