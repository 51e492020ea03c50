import { readFileSync, unlinkSync } from "node:fs";
import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import type { Envelope } from "@guilds/protocol/envelope";
import { withCallEnvironment } from "./callEnvironmentFile.ts";
import { writeWhole } from "./wholeWrite.ts";

export type HelperInvocation = { ok: true; raw: unknown } | { ok: false; envelope: Envelope };

/**
 * The request of a one-shot helper call (the page's transport):
 *   <helper> <base64 request>
 *   <helper> --request-file <path>   a request too long for the command line; read, then deleted
 * Either names its env_file, read and then deleted too: the secrets never ride on a command line.
 */
export function readHelperRequest(helper: string, argv: readonly string[]): HelperInvocation {
  const [first, second] = argv;
  try {
    const raw =
      first === "--request-file" && second ? readRequestFile(second) : decodeBase64Json(first ?? "");
    return { ok: true, raw: withCallEnvironment(raw) };
  } catch (caught) {
    const message = caught instanceof Error ? caught.message : String(caught);
    return {
      ok: false,
      envelope: {
        ok: false,
        error: {
          code: "request.unreadable",
          message: `${helper} could not read its request (${message}); pass base64 JSON or --request-file <path>.`,
        },
      },
    };
  }
}

function readRequestFile(file: string): unknown {
  const text = readFileSync(file, "utf8");
  unlinkSync(file);
  return JSON.parse(text);
}

/** The one line a one-shot helper prints: its envelope, base64 JSON; resolves once all of it is out. */
export function writeEnvelope(envelope: Envelope): Promise<void> {
  return writeWhole(process.stdout, `${encodeBase64Json(envelope)}\n`);
}
