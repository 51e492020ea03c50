import { Worker } from "node:worker_threads";

const WATCHER = new URL("./fixtures/commandLineWatcher.mjs", import.meta.url);

export interface CommandLinesSeen {
  /** "<secret name> as it is" or "<secret name> in base64", for each value found on a command line. */
  leaks: string[];
  /** "<op> <call id>" of each helper request seen as base64 JSON on a command line. */
  requests: string[];
  /** How many times every command line of the host was read. */
  scans: number;
}

/**
 * Reads every command line of this host (/proc/<pid>/cmdline, which any user of the host can read)
 * in a worker thread until `stop()`, and says which secret values it saw there.
 */
export function watchCommandLines(secrets: Readonly<Record<string, string>>): {
  stop(): Promise<CommandLinesSeen>;
} {
  const stopFlag = new SharedArrayBuffer(4);
  const worker = new Worker(WATCHER, { workerData: { secrets, stop: stopFlag } });
  const seen = new Promise<CommandLinesSeen>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    async stop() {
      Atomics.store(new Int32Array(stopFlag), 0, 1);
      const result = await seen;
      await worker.terminate();
      return result;
    },
  };
}
