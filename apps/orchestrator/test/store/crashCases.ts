import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect } from "vitest";
import type { StoreTest } from "./storeFixture.ts";

const WRITER_SOURCE = fileURLToPath(new URL("./fixtures/crashingWriter.ts", import.meta.url));
const NODE_MODULES = fileURLToPath(new URL("../../../../node_modules", import.meta.url));
const STEPS_BEFORE_KILL = 25;

interface Committed {
  runId: string;
  seq: number;
  /** message.created and tool.finished of the message, committed with it. */
  eventIds: number[];
}

export function crashCases(test: StoreTest): void {
  describe("a server killed with SIGKILL", () => {
    let bundleFolder = "";
    beforeAll(async () => {
      bundleFolder = mkdtempSync(path.join(tmpdir(), "guilds-crash-writer-"));
      // CommonJS so the native drivers resolve through NODE_PATH from the bundle's temp folder.
      await build({
        entryPoints: [WRITER_SOURCE],
        outfile: path.join(bundleFolder, "writer.cjs"),
        bundle: true,
        platform: "node",
        format: "cjs",
        target: "node20",
        external: ["better-sqlite3", "pg"],
        logLevel: "error",
      });
    });
    afterAll(() => rmSync(bundleFolder, { recursive: true, force: true }));

    test("loses nothing it committed; its in-flight work is then marked interrupted", async ({
      db,
      open,
    }) => {
      const { config } = db;
      const environment = {
        ...process.env,
        NODE_PATH: NODE_MODULES,
        GUILDS_HOME: config.home,
        DATABASE_URL: config.database.kind === "postgres" ? config.database.url : "",
      };
      const committed = await runUntilKilled(path.join(bundleFolder, "writer.cjs"), environment);
      const last = committed.at(-1);
      if (last === undefined) throw new Error("the writer committed nothing");

      const store = await open();
      const messages = await store.messages.list(last.runId);
      expect(messages.length).toBeGreaterThanOrEqual(last.seq);
      expect(messages.map((message) => message.seq)).toEqual(messages.map((_, index) => index + 1));
      const events = await store.events.listForRun(last.runId);
      const eventIds = new Set(events.map((event) => event.id));
      for (const step of committed) for (const id of step.eventIds) expect(eventIds.has(id)).toBe(true);
      // All or nothing: every stored message has both its events, and no event is without its message.
      const seqsOf = (type: string) =>
        events.filter((event) => event.type === type).map((event) => event.payload);
      const seqs = messages.map((message) => ({ seq: message.seq }));
      expect(seqsOf("message.created")).toEqual(seqs);
      expect(seqsOf("tool.finished")).toEqual(seqs);

      const interrupted = await store.markInFlightInterrupted("the server was killed");
      expect(interrupted.runs.map((run) => run.id)).toEqual([last.runId]);
      expect(interrupted.generations).toBe(1);
      expect(interrupted.toolCalls.length).toBeGreaterThanOrEqual(committed.length);
      const calls = await store.toolCalls.list(last.runId);
      expect(calls.every((call) => call.status === "interrupted")).toBe(true);
    });
  });
}

/** Runs the writer, SIGKILLs it once it has reported enough committed steps, returns those. */
function runUntilKilled(script: string, environment: NodeJS.ProcessEnv): Promise<Committed[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { env: environment, stdio: ["ignore", "pipe", "pipe"] });
    const committed: Committed[] = [];
    let pending = "";
    let stderr = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) committed.push(JSON.parse(line));
      if (committed.length >= STEPS_BEFORE_KILL) child.kill("SIGKILL");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (_code, signal) => {
      if (signal === "SIGKILL") resolve(committed);
      else reject(new Error(`the writer ended by itself before the kill: ${stderr.trim()}`));
    });
  });
}
