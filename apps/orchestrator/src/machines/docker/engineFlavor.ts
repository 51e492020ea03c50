import type Docker from "dockerode";

/** Docker itself, or Podman behind its Docker-compatible API: a few behaviours differ (containerSpec.ts). */
export type EngineFlavor = "docker" | "podman";

export async function engineFlavor(docker: Docker): Promise<EngineFlavor> {
  const version = (await docker.version()) as { Components?: { Name?: string }[] };
  const components = version.Components ?? [];
  return components.some((component) => /podman/i.test(component.Name ?? "")) ? "podman" : "docker";
}
