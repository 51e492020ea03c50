import { readFileSync, unlinkSync } from "node:fs";
import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import type { Envelope } from "@guilds/protocol/envelope";
import { parseCallEnvironment } from "@guilds/protocol/helperRequestCheck";
import { writeWhole } from "@guilds/runtime/wholeWrite";

export type OneShotRequest = { ok: true; raw: unknown } | { ok: false; envelope: Envelope };

/**
 * The request of a one-shot call (the page's transport), as @guilds/runtime/helperMain reads it,
 * without zod (its env_file checked by hand, with zod's texts):
 *   guilds-code <base64 request>
 *   guilds-code --request-file <path>   a request too long for the command line; read, then deleted
 * Either names its env_file, read and then deleted too: the secrets never ride on a command line.
 */
export function readOneShotRequest(argv: readonly string[]): OneShotRequest {
  const [first, second] = argv;
  try {
    const raw = first === "--request-file" && second ? readAndDelete(second) : decodeBase64Json(first ?? "");
    return { ok: true, raw: withCallEnvironment(raw) };
  } catch (caught) {
    const message = caught instanceof Error ? caught.message : String(caught);
    return {
      ok: false,
      envelope: {
        ok: false,
        error: {
          code: "request.unreadable",
          message: `guilds-code could not read its request (${message}); pass base64 JSON or --request-file <path>.`,
        },
      },
    };
  }
}

function readAndDelete(file: string): unknown {
  const text = readFileSync(file, "utf8");
  unlinkSync(file);
  return JSON.parse(text);
}

/** The request with its env_file read, deleted and put back in; one without is returned as it is. */
function withCallEnvironment(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null || !("env_file" in raw)) return raw;
  const { env_file: file, ...request } = raw;
  if (typeof file !== "string") throw new Error("env_file is not a path");
  return { ...request, ...parseCallEnvironment(readAndDelete(file)) };
}

/** The one line a one-shot call prints: its envelope, base64 JSON; resolves once all of it is out. */
export function writeOneShotEnvelope(envelope: Envelope): Promise<void> {
  return writeWhole(process.stdout, `${encodeBase64Json(envelope)}\n`);
}
