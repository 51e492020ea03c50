import type { HarnessName } from "@guilds/protocol/harness";
import { antigravityDriver } from "./antigravity.ts";
import { claudeDriver } from "./claude.ts";
import { codexDriver } from "./codex.ts";
import { cursorDriver } from "./cursor.ts";
import type { HarnessDriver } from "./driver.ts";
import { geminiDriver } from "./gemini.ts";

export const DRIVERS: Readonly<Record<HarnessName, HarnessDriver>> = {
  claude: claudeDriver,
  codex: codexDriver,
  gemini: geminiDriver,
  cursor: cursorDriver,
  antigravity: antigravityDriver,
};

export function driverFor(name: HarnessName): HarnessDriver {
  return DRIVERS[name];
}
