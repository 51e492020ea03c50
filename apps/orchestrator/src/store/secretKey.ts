import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { Config } from "../config.ts";

export const SECRET_KEY_BYTES = 32;
export const SECRET_KEY_FILE = "secret.key";

/**
 * The key that encrypts secrets at rest: GUILDS_SECRET_KEY when set, else <home>/secret.key, made
 * (mode 0600, base64 like the variable) the first time a secret is written or read.
 */
export function loadSecretKey(config: Pick<Config, "home" | "secretKey">): Buffer {
  if (config.secretKey !== undefined) return decodeKey(config.secretKey, "GUILDS_SECRET_KEY");
  const file = path.join(config.home, SECRET_KEY_FILE);
  return decodeKey(readOrCreateKeyFile(file), file);
}

function readOrCreateKeyFile(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written whole under a temporary name, then linked into place: link fails when the file exists,
  // so two processes starting together never read a half-written key or replace each other's.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temporary, `${randomBytes(SECRET_KEY_BYTES).toString("base64")}\n`, {
    mode: 0o600,
    flag: "wx",
  });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readFileSync(file, "utf8");
}

function decodeKey(encoded: string, source: string): Buffer {
  const key = Buffer.from(encoded.trim(), "base64");
  if (key.length === SECRET_KEY_BYTES) return key;
  throw new GuildsError(
    "secret.key_invalid",
    `${source} must hold base64 of ${SECRET_KEY_BYTES} bytes (it holds ${key.length}); restore the key secrets were stored with.`,
  );
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}
