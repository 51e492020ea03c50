import { HARNESS_NAMES, type HarnessName } from "@guilds/protocol/harness";
import { installedVersion } from "../harnesses/installedHarnesses.ts";

/** The first harness CLI `guilds harness install` put in harnessDir that the server does not turn off, or null. */
export function demoHarness(harnessDir: string, off: readonly HarnessName[] = []): HarnessName | null {
  return (
    HARNESS_NAMES.find((name) => !off.includes(name) && installedVersion(harnessDir, name) !== null) ?? null
  );
}
