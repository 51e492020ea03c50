import { HARNESS_NAMES, type HarnessName } from "@guilds/protocol/harness";
import { AppError } from "../../errors.ts";
import { HARNESSES_OFF_VARIABLE } from "./chosenHarness.ts";

/**
 * GUILDS_HARNESSES_OFF: the harnesses this server turns off for every agent, comma-separated
 * ("cursor,antigravity"). Unset or empty turns none off; an unknown name is refused.
 */
export function parseHarnessesOff(raw: string | undefined): HarnessName[] {
  const names = (raw ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const off: HarnessName[] = [];
  for (const name of names) {
    const harness = HARNESS_NAMES.find((candidate) => candidate === name);
    if (harness === undefined) {
      throw new AppError(
        "config.invalid",
        `Invalid environment: ${HARNESSES_OFF_VARIABLE} names ${JSON.stringify(name)}, which is not a harness; list some of ${HARNESS_NAMES.join(", ")}, comma-separated (e.g. cursor,antigravity), or unset it.`,
      );
    }
    if (!off.includes(harness)) off.push(harness);
  }
  return off;
}
