import { execFile } from "node:child_process";
import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import { Envelope } from "@guilds/protocol/envelope";
import type { HelperRequestInput } from "@guilds/protocol/helperRequest";
import { expect } from "vitest";
import { HELPER, type HelperHome, RG_DIR } from "./helperFixture.ts";

/** The text and metadata of an answer that must be a result, not an error. */
export function resultOf(envelope: Envelope): { text: string; meta: Record<string, unknown> } {
  if (!envelope.ok)
    throw new Error(`expected a result, got error ${envelope.error.code}: ${envelope.error.message}`);
  return { text: envelope.text, meta: envelope.meta };
}

export async function run(
  helper: HelperHome,
  op: string,
  args: unknown,
  request: Partial<HelperRequestInput> = {},
): Promise<{ text: string; meta: Record<string, unknown> }> {
  return resultOf(await helper.call(op, args, request));
}

export interface DirectCall {
  /** Variables added to the helper's own environment (never to be seen by commands). */
  environment?: Record<string, string>;
  /** Runs the helper under this program, e.g. ["/usr/bin/time", "-v"]. */
  wrapper?: string[];
  request?: Partial<HelperRequestInput>;
}

/**
 * One helper call the fixture cannot make: with more in the helper's environment, or under a
 * wrapper. The same home, runtime dir and request defaults as the fixture.
 */
export function callDirect(
  helper: HelperHome,
  op: string,
  args: unknown,
  options: DirectCall,
): Promise<{ envelope: Envelope; stderr: string }> {
  const encoded = encodeBase64Json({
    op,
    args,
    run_id: "run1",
    agent_id: "agent1",
    call_id: `direct${Date.now()}`,
    cwd: "",
    max_bytes: 8192,
    ...options.request,
  });
  const environment = {
    HOME: helper.home,
    GUILDS_RUNTIME_DIR: helper.runtimeDir,
    PATH: `${RG_DIR}:/usr/local/bin:/usr/bin:/bin`,
    LANG: "C.UTF-8",
    ...options.environment,
  };
  const [program, ...programArgs] = [...(options.wrapper ?? []), process.execPath, HELPER, encoded];
  return new Promise((resolve, reject) => {
    execFile(
      program ?? process.execPath,
      programArgs,
      { env: environment, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`helper failed: ${error.message}\n${stderr}`));
        resolve({ envelope: Envelope.parse(decodeBase64Json(stdout.trim())), stderr });
      },
    );
  });
}

/** Lines "from" to "to" of `seq`, joined. */
export function seqLines(from: number, to: number): string {
  return Array.from({ length: to - from + 1 }, (_, index) => String(from + index)).join("\n");
}

export async function within<T>(limitMs: number, work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  const ms = Date.now() - started;
  expect(ms).toBeLessThan(limitMs);
  return { value, ms };
}
