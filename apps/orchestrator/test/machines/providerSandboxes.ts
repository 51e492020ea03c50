import { type SandboxAvailability, sandboxes } from "../toolbox/machineFixture.ts";

/**
 * One sandbox per machine provider, for suites about what runs in a machine rather than about the
 * sandbox: the local provider's bwrap where it works here (else unconfined, saying why), docker and
 * podman (each skipped, with its reason, when its socket variable is unset).
 */
export async function providerSandboxes(): Promise<SandboxAvailability[]> {
  const all = await sandboxes();
  const bwrap = all.find((entry) => entry.sandbox === "bwrap");
  const local: SandboxAvailability =
    bwrap !== undefined && bwrap.skipReason === undefined
      ? bwrap
      : { sandbox: "unconfined", label: `unconfined (${bwrap?.skipReason ?? "no bwrap"})` };
  return [local, ...all.filter((entry) => entry.sandbox === "docker" || entry.sandbox === "podman")];
}
