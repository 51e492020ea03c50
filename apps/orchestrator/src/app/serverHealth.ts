import type { Config } from "../config.ts";
import type { SandboxMode } from "../machines/local/localOptions.ts";
import { DEFAULT_MIN_FREE_DISK_BYTES, diskSpaceCheck } from "../server/health/diskSpaceCheck.ts";
import type { ServerHealth } from "../server/health/healthRoutes.ts";
import { machineProviderCheck } from "../server/health/machineProviderCheck.ts";
import { storeCheck } from "../server/health/storeCheck.ts";
import type { Store } from "../store/store.ts";
import type { ContainerProvider } from "./containerProvider.ts";

/** /readyz's checks and /version's facts for this config: the store, the machines, the disks. */
export function serverHealth(
  config: Config,
  store: Store,
  sandbox: SandboxMode,
  containers: ContainerProvider | undefined,
): ServerHealth {
  const machines =
    containers === undefined
      ? machineProviderCheck({ kind: "local", sandbox, seccomp: config.sandboxSeccomp })
      : machineProviderCheck({
          kind: "docker",
          engine: containers.engine,
          ...(containers.image === undefined ? {} : { image: containers.image }),
        });
  const folders = { "data folder": config.home, "machines folder": config.machinesDir };
  return {
    checks: [
      storeCheck(store),
      machines,
      diskSpaceCheck(folders, config.readyMinFreeDiskBytes ?? DEFAULT_MIN_FREE_DISK_BYTES),
    ],
    about: {
      store: store.dialect,
      machines: containers === undefined ? "local" : containers.engine.flavor,
      ...(containers === undefined ? { sandbox: sandbox === "unconfined" ? "unconfined" : "bwrap" } : {}),
    },
  };
}
