import { decodeBase64Json, encodeBase64Json } from "@guilds/protocol/base64Json";
import { dispatch } from "./dispatch.ts";
import { readLines } from "./lines.ts";

/** Longest request line accepted; the page's own inline limit is 64 KiB, request files can be larger. */
const MAX_LINE_BYTES = 64 * 1024 * 1024;

/**
 * The long-lived helper: each line is "<id> <base64 request>", each answer "<id> <base64 envelope>",
 * the same envelope bytes a one-shot call prints. Requests run concurrently; answers carry their id.
 */
export async function serve(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  environment: NodeJS.ProcessEnv,
): Promise<void> {
  const pending = new Set<Promise<void>>();
  await readLines(input, MAX_LINE_BYTES, (line) => {
    const space = line.indexOf(" ");
    if (space <= 0) return;
    const id = line.slice(0, space);
    const task = answer(line.slice(space + 1), environment).then((envelope) => {
      output.write(`${id} ${envelope}\n`);
    });
    pending.add(task);
    task.finally(() => pending.delete(task));
  });
  await Promise.all(pending);
}

async function answer(encoded: string, environment: NodeJS.ProcessEnv): Promise<string> {
  let raw: unknown;
  try {
    raw = decodeBase64Json(encoded);
  } catch {
    return encodeBase64Json({
      ok: false,
      error: { code: "request.unreadable", message: "guilds-code serve got a line that is not base64 JSON." },
    });
  }
  return encodeBase64Json(await dispatch(raw, environment));
}
