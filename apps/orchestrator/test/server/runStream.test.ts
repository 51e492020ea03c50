import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { startServices } from "../../src/app/startServices.ts";
import { loadConfig } from "../../src/config.ts";
import { frameReader } from "./sseFrames.ts";

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The stored frames (those with an id) up to and including run.ended: the live-only tool.progress
 * of a call that runs past 250 ms (on a loaded machine) has no id and is never replayed. */
async function framesUntilEnd(reader: ReturnType<typeof frameReader>): Promise<string[]> {
  const frames: string[] = [];
  for (;;) {
    const frame = await reader.nextEvent();
    if (!/\nid: \d+\n/.test(frame)) continue;
    frames.push(frame);
    if (frame.startsWith("event: run.ended\n")) return frames;
  }
}

const idOf = (frame: string) => Number(/\nid: (\d+)\n/.exec(frame)?.[1]);

test("a real run of the demo agent over the API: its stream, then a resume from the middle", async () => {
  const home = await mkdtemp(path.join(tmpdir(), "guilds-run-stream-"));
  await chmod(home, 0o755);
  const services = await startServices(loadConfig({ GUILDS_HOME: home }), {
    environment: {},
    sandbox: "unconfined",
    logger: quiet,
  });
  try {
    const { token } = await services.store.tokens.create("test");
    const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    const [guild] = await services.store.guilds.list();
    const [agent] = await services.store.agents.list(guild?.id ?? "");
    const started = await services.app.request(`http://localhost/api/agents/${agent?.id}/runs`, {
      method: "POST",
      headers,
      body: JSON.stringify({ message: "hello" }),
    });
    expect(started.status).toBe(201);
    const run = (await started.json()) as { id: string };

    const stream = frameReader(
      (await services.app.request(`http://localhost/api/runs/${run.id}/events`, { headers })).body,
    );
    const frames = await framesUntilEnd(stream);
    await stream.cancel();
    const ids = frames.map(idOf);
    expect(ids.every((id, index) => index === 0 || id > (ids[index - 1] ?? 0))).toBe(true);
    expect(frames.filter((frame) => frame.startsWith("event: tool.finished\n"))).toHaveLength(5);
    expect(frames.at(-1)).toContain('"status":"completed"');

    const middle = 7;
    const resumed = frameReader(
      (
        await services.app.request(`http://localhost/api/runs/${run.id}/events`, {
          headers: { ...headers, "Last-Event-ID": String(ids[middle - 1]) },
        })
      ).body,
    );
    expect(await framesUntilEnd(resumed)).toEqual(frames.slice(middle));
    await resumed.cancel();

    const detail = (await (
      await services.app.request(`http://localhost/api/runs/${run.id}`, { headers })
    ).json()) as {
      messages: unknown[];
      tool_calls: { tool: string }[];
    };
    expect(detail.tool_calls.map((call) => call.tool)).toEqual([
      "shell",
      "file_read",
      "code_search",
      "shell",
      "shell_status",
    ]);
  } finally {
    await services.close();
    await rm(home, { recursive: true, force: true });
  }
});
