import type { CheckMeta } from "@guilds/protocol/harness";
import { readCliVersion } from "./cliVersion.ts";
import type { HarnessContext } from "./context.ts";
import type { CredentialFound, HarnessDriver } from "./drivers/driver.ts";
import { findOnPath } from "./findOnPath.ts";

export interface HarnessCheck {
  meta: CheckMeta;
  /** The CLI's path on PATH; null when it is not installed. */
  executable: string | null;
  credential: CredentialFound;
}

/** Whether the CLI is on PATH, its version, and the credential it would run on (files only, no network). */
export async function checkHarness(
  driver: HarnessDriver,
  context: HarnessContext,
  environment: Record<string, string>,
): Promise<HarnessCheck> {
  const executable = findOnPath(driver.binary, context.path);
  const version =
    executable === null ? null : await readCliVersion(driver, executable, context.home, environment);
  const credential = driver.credential({ home: context.home, env: environment });
  return {
    executable,
    credential,
    meta: {
      harness: driver.name,
      installed: executable !== null,
      version,
      credential: credential.kind,
      account: credential.kind === "login" ? credential.account : null,
      credential_source: credential.source,
    },
  };
}
