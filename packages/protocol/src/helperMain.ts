import { readFileSync, unlinkSync } from "node:fs";
import { decodeBase64Json, encodeBase64Json } from "./base64Json.ts";
import type { Envelope } from "./envelope.ts";

export type HelperInvocation = { ok: true; raw: unknown } | { ok: false; envelope: Envelope };

/**
 * The request of a one-shot helper call (the page's transport):
 *   <helper> <base64 request>
 *   <helper> --request-file <path>   a request too long for the command line; read, then deleted
 */
export function readHelperRequest(helper: string, argv: readonly string[]): HelperInvocation {
  const [first, second] = argv;
  try {
    const raw =
      first === "--request-file" && second ? readRequestFile(second) : decodeBase64Json(first ?? "");
    return { ok: true, raw };
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

/** The one line a one-shot helper prints: its envelope, base64 JSON. */
export function writeEnvelope(envelope: Envelope): void {
  process.stdout.write(`${encodeBase64Json(envelope)}\n`);
}
