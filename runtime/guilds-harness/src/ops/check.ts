import { CheckArgs, type CheckMeta, HARNESS_DISPLAY_NAMES } from "@guilds/protocol/harness";
import { driverFor } from "../drivers/drivers.ts";
import { checkHarness } from "../harnessCheck.ts";
import { harnessEnvironment } from "../harnessEnvironment.ts";
import { type HarnessOp, parseHarnessArgs } from "../harnessOp.ts";

/** Whether the harness's CLI is installed, its version, and the credential it would run on. */
export const check: HarnessOp = async (raw, context) => {
  const args = parseHarnessArgs("check", CheckArgs, raw);
  const driver = driverFor(args.harness);
  const { meta } = await checkHarness(driver, context, harnessEnvironment(context));
  return { text: checkText(meta, driver.binary), meta: { ...meta } };
};

function checkText(meta: CheckMeta, binary: string): string {
  const name = HARNESS_DISPLAY_NAMES[meta.harness];
  if (!meta.installed) return `${name} is not installed: no ${binary} on PATH`;
  const source = [meta.credential_source, meta.account].filter((part) => part !== null).join(", ");
  const credential = source === "" ? meta.credential : `${meta.credential} (${source})`;
  return `${name} ${meta.version ?? "(version unknown)"} is installed; credential: ${credential}`;
}
