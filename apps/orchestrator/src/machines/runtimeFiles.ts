import { createHash } from "node:crypto";
import type { Machine } from "./machine.ts";

/** A file under the machine's runtime dir (/run/guilds), with its bytes and mode. */
export interface RuntimeFile {
  path: string;
  data: string;
  mode: number;
}

interface Written {
  /** The machine's runtimeGeneration the digests below were written into. */
  generation: number | null;
  /** path → digest of the mode and bytes last written there. */
  digests: Map<string, string>;
  /** The writes to this machine, one after another. */
  queue: Promise<void>;
}

/** Weak: a machine that is dropped (recreated, deleted) takes what it was given with it. */
const writtenTo = new WeakMap<Machine, Written>();

/**
 * Writes each file unless this process already wrote the same mode and bytes there since the
 * machine last started: the runtime dir is new after every start, so what was written is
 * remembered with the start it went into, and forgotten when the machine stops or starts again.
 * The writes to one machine run one at a time, so what is remembered is what the file holds.
 * Only digests are kept, never the bytes (a token is among them). The machine must be running.
 */
export function writeRuntimeFiles(machine: Machine, files: readonly RuntimeFile[]): Promise<void> {
  let written = writtenTo.get(machine);
  if (written === undefined) {
    written = { generation: null, digests: new Map(), queue: Promise.resolve() };
    writtenTo.set(machine, written);
  }
  const state = written;
  const done = state.queue.then(() => writeChanged(machine, state, files));
  state.queue = done.catch(() => {});
  return done;
}

async function writeChanged(machine: Machine, state: Written, files: readonly RuntimeFile[]): Promise<void> {
  // Read before writing: a start in between makes the next call see a new generation and write again.
  const generation = machine.runtimeGeneration();
  if (generation === null || generation !== state.generation) {
    state.digests.clear();
    state.generation = generation;
  }
  for (const file of files) {
    const digest = digestOf(file);
    if (generation !== null && state.digests.get(file.path) === digest) continue;
    // Forgotten first: a write that fails halfway leaves the file unknown, so the next call writes it.
    state.digests.delete(file.path);
    await machine.writeFile(file.path, file.data, file.mode);
    if (generation !== null) state.digests.set(file.path, digest);
  }
}

function digestOf(file: RuntimeFile): string {
  return createHash("sha256").update(`${file.mode}\n`).update(file.data).digest("base64");
}
