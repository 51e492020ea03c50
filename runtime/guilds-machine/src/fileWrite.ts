import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { WriteFileFrame } from "@guilds/protocol/machineExec";

/** A file the orchestrator writes through the daemon: its bytes arrive as stdin frames. */
export class FileWrite {
  private readonly chunks: Buffer[] = [];

  constructor(private readonly request: WriteFileFrame) {}

  add(chunk: Buffer): void {
    this.chunks.push(Buffer.from(chunk));
  }

  /** Writes the file as the sandbox user: links resolve inside the sandbox. */
  async finish(): Promise<void> {
    const { path: target, mode } = this.request;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, Buffer.concat(this.chunks), { mode });
    await chmod(target, mode);
  }
}
