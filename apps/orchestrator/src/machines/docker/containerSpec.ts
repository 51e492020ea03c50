import { createHash } from "node:crypto";
import { SANDBOX_HOME, SANDBOX_RUNTIME_DIR } from "@guilds/protocol/runtimePaths";
import type Docker from "dockerode";
import { SANDBOX_HARNESS_DIR } from "../lifecycle/machinePaths.ts";
import type { MachineLimits } from "../machineLimits.ts";
import { CONTAINER_LABELS, runtimeVolumeOf } from "./containerLabels.ts";
import type { EngineFlavor } from "./engineFlavor.ts";

/** Everything a machine's container is made from; a change of any of it recreates the container. */
export interface ContainerPlan {
  name: string;
  agentId: string;
  serverId: string;
  /** The image's id (not its tag: a rebuilt image under the same tag is a change). */
  imageId: string;
  flavor: EngineFlavor;
  uid: number;
  gid: number;
  /** The agent home on this host, bound at SANDBOX_HOME. */
  homeHost: string;
  /** passwd and group files naming the uid "agent", bound read-only over /etc's. */
  identity: { passwd: string; group: string };
  /** The harness CLIs' npm prefix, bound read-only at SANDBOX_HARNESS_DIR; null when there is none. */
  harnessDir: string | null;
  /** "none", "host", or the name of the egress network. */
  networkMode: string;
  limits: MachineLimits;
  /** GUILDS_LIMITS=off: no memory, process or CPU limit (the tmpfs sizes stay). */
  limitsOff: boolean;
}

/**
 * Open files and processes per user: PidsLimit is the machine's real bound on processes. An engine
 * cannot give more than its own hard limits (Podman's service runs with nproc 32768 here).
 */
const NOFILE = 20_000;
const NPROC = 32_768;

/**
 * The container of one machine: its first process sleeps under the engine's init (which reaps
 * orphans, and makes a stop fast); a non-root user; a read-only root with bounded tmpfs; no
 * capability, no new privileges, the engine's default seccomp profile; the machine's limits.
 */
export function containerCreateOptions(plan: ContainerPlan): Docker.ContainerCreateOptions {
  const options = withoutLabels(plan);
  return {
    ...options,
    Labels: {
      [CONTAINER_LABELS.agent]: plan.agentId,
      [CONTAINER_LABELS.server]: plan.serverId,
      [CONTAINER_LABELS.settings]: settingsDigest(options),
    },
  };
}

/** The settings label a container made from this plan carries. */
export function planDigest(plan: ContainerPlan): string {
  return settingsDigest(withoutLabels(plan));
}

function withoutLabels(plan: ContainerPlan): Docker.ContainerCreateOptions {
  const { limits } = plan;
  const tmpfsOptions = `rw,nosuid,nodev,size=${limits.tmpfsBytes}`;
  const binds = [
    `${plan.homeHost}:${SANDBOX_HOME}:rw`,
    `${plan.identity.passwd}:/etc/passwd:ro`,
    `${plan.identity.group}:/etc/group:ro`,
  ];
  if (plan.harnessDir !== null) binds.push(`${plan.harnessDir}:${SANDBOX_HARNESS_DIR}:ro`);
  return {
    name: plan.name,
    Image: plan.imageId,
    Cmd: ["sleep", "infinity"],
    User: `${plan.uid}:${plan.gid}`,
    WorkingDir: SANDBOX_HOME,
    Hostname: "machine",
    HostConfig: {
      Init: true,
      Binds: binds,
      ReadonlyRootfs: true,
      Tmpfs: tmpfsMounts(plan, tmpfsOptions),
      ShmSize: limits.tmpfsBytes,
      ...(plan.flavor === "docker" ? { Mounts: [runtimeVolume(plan)] } : {}),
      CapDrop: ["ALL"],
      SecurityOpt: ["no-new-privileges"],
      // Podman gives 2048 processes to a container that names no limit: -1 is none on both engines.
      ...(plan.limitsOff
        ? { PidsLimit: -1 }
        : {
            Memory: limits.memoryBytes,
            MemorySwap: limits.memoryBytes,
            PidsLimit: limits.pids,
            NanoCpus: Math.round(limits.cpus * 1e9),
          }),
      Ulimits: [
        { Name: "nofile", Soft: NOFILE, Hard: NOFILE },
        { Name: "nproc", Soft: NPROC, Hard: NPROC },
      ],
      NetworkMode: plan.networkMode,
      RestartPolicy: { Name: "no" },
    },
  };
}

/**
 * /tmp and /var/tmp on both engines (Podman would add unbounded ones under a read-only root, and
 * /run too). /run/guilds is a tmpfs on Podman, which writes archives into one; Docker 20.10 does not
 * (its archive endpoint refuses a tmpfs mount), so there it is a volume backed by a tmpfs.
 */
function tmpfsMounts(plan: ContainerPlan, tmpfsOptions: string): Record<string, string> {
  const mounts: Record<string, string> = {
    "/tmp": `${tmpfsOptions},exec,mode=1777`,
    "/var/tmp": `${tmpfsOptions},exec,mode=1777`,
  };
  if (plan.flavor === "podman") {
    mounts["/run"] = `${tmpfsOptions},noexec,mode=0755`;
    mounts[SANDBOX_RUNTIME_DIR] = `${tmpfsOptions},noexec,mode=0700,U`;
  }
  return mounts;
}

function runtimeVolume(plan: ContainerPlan): Docker.MountSettings {
  return {
    Type: "volume",
    Source: runtimeVolumeOf(plan.name),
    Target: SANDBOX_RUNTIME_DIR,
    VolumeOptions: {
      NoCopy: true,
      Labels: { [CONTAINER_LABELS.agent]: plan.agentId, [CONTAINER_LABELS.server]: plan.serverId },
      DriverConfig: {
        Name: "local",
        Options: {
          type: "tmpfs",
          device: "tmpfs",
          o: `size=${plan.limits.tmpfsBytes},uid=${plan.uid},gid=${plan.gid},mode=0700,nosuid,nodev,noexec`,
        },
      },
    },
  };
}

function settingsDigest(options: Docker.ContainerCreateOptions): string {
  return createHash("sha256").update(JSON.stringify(options)).digest("hex").slice(0, 16);
}
