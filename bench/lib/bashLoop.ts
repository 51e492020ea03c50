import type { Machine } from "../../apps/orchestrator/src/machines/machine.ts";

/**
 * One long-lived `bash` in the machine reading commands on its stdin (one exec, opened once): each
 * command is followed by an echo of a numbered marker, and a call returns when that marker comes
 * back. The floor of running a command in the machine without starting anything through the engine.
 */
export interface BashLoop {
  run(command: string): Promise<void>;
  close(): Promise<void>;
}

export function openBashLoop(machine: Machine): BashLoop {
  const child = machine.exec({
    argv: ["bash"],
    env: { ...machine.baseEnv },
    stdin: "pipe",
    longLived: true,
  });
  const stdin = child.stdin;
  if (stdin === null) throw new Error("the bash loop got no stdin");
  let seen = "";
  let waiting: { marker: string; resolve: () => void } | null = null;
  let count = 0;
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    seen += chunk;
    if (waiting !== null && seen.includes(waiting.marker)) {
      const { resolve } = waiting;
      waiting = null;
      seen = "";
      resolve();
    }
  });
  let ended = false;
  void child.exit.then(
    () => {
      ended = true;
    },
    () => {
      ended = true;
    },
  );

  return {
    run(command) {
      if (ended) return Promise.reject(new Error("the bash loop has ended"));
      count += 1;
      const marker = `__bench_done_${count}__\n`;
      return new Promise<void>((resolve) => {
        waiting = { marker, resolve };
        stdin.write(`${command}; echo __bench_done_${count}__\n`);
      });
    },
    async close() {
      stdin.end();
      await child.exit.catch(() => {});
    },
  };
}
