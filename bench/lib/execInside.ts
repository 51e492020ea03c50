import type { Machine } from "../../apps/orchestrator/src/machines/machine.ts";

/** What a command run straight inside the machine printed, and how it ended. */
export interface ExecResult {
  code: number | null;
  stdoutBytes: number;
  /** The first `keepBytes` of stdout. */
  stdout: Buffer;
  stderr: string;
}

/** Runs argv inside the machine with its base environment (no helper), draining its output. */
export async function execInside(
  machine: Machine,
  argv: string[],
  { keepBytes = 64 * 1024, cwd }: { keepBytes?: number; cwd?: string } = {},
): Promise<ExecResult> {
  const child = machine.exec({ argv, env: { ...machine.baseEnv }, ...(cwd ? { cwd } : {}) });
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let stdoutBytes = 0;
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdoutBytes += chunk.length;
    if (keptBytes < keepBytes) {
      const part = chunk.subarray(0, keepBytes - keptBytes);
      kept.push(part);
      keptBytes += part.length;
    }
  });
  child.stderr.on("data", (chunk: Buffer) => {
    if (stderr.length < 4096) stderr += chunk.toString("utf8");
  });
  const exit = await child.exit;
  return { code: exit.code, stdoutBytes, stdout: Buffer.concat(kept), stderr };
}
