import { readFileSync, unlinkSync } from "node:fs";
import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import { dispatch } from "./dispatch.ts";
import { serve } from "./serve.ts";

/**
 * guilds-code <base64 request>             one call, one envelope on stdout
 * guilds-code --request-file <path>        the same, for a request too long for the command line
 * guilds-code serve                        the long-lived helper: "<id> <base64>" lines in and out
 */
async function main(argv: string[]): Promise<void> {
  const [first, second] = argv;
  if (first === "serve") {
    await serve(process.stdin, process.stdout, process.env);
    return;
  }
  let raw: unknown;
  try {
    raw = first === "--request-file" && second ? readRequestFile(second) : decodeBase64Json(first ?? "");
  } catch (caught) {
    const message = caught instanceof Error ? caught.message : String(caught);
    process.stdout.write(
      `${encodeBase64Json({ ok: false, error: { code: "request.unreadable", message: `guilds-code could not read its request (${message}); pass base64 JSON or --request-file <path>.` } })}\n`,
    );
    return;
  }
  const envelope = await dispatch(raw, process.env);
  process.stdout.write(`${encodeBase64Json(envelope)}\n`);
}

function readRequestFile(file: string): unknown {
  const text = readFileSync(file, "utf8");
  unlinkSync(file);
  return JSON.parse(text);
}

await main(process.argv.slice(2));
// Background commands are detached and unref'd; nothing else may keep a one-shot helper alive.
if (process.argv[2] !== "serve") process.exit(0);
