import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { startServices } from "../../src/app/startServices.ts";
import { loadConfig } from "../../src/config.ts";
import { frameReader } from "./sseFrames.ts";

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** An SSE frame's event name and data. */
function parsed(frame: string): { event: string; data: Record<string, unknown> } {
  const event = /^event: (.+)$/m.exec(frame)?.[1] ?? "";
  const data = JSON.parse(/^data: (.+)$/m.exec(frame)?.[1] ?? "{}") as { data: Record<string, unknown> };
  return { event, data: data.data };
}

test("POST /api/runs/{id}/messages while the run works: 202, queued, then delivered before the next generation", async () => {
  const home = await mkdtemp(path.join(tmpdir(), "guilds-api-steering-"));
  await chmod(home, 0o755);
  const services = await startServices(loadConfig({ GUILDS_HOME: home }), {
    environment: {},
    sandbox: "unconfined",
    logger: quiet,
  });
  const { token } = await services.store.tokens.create("test");
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const call = async (method: string, route: string, body?: unknown) =>
    services.app.request(`http://localhost${route}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  try {
    const guild = (await (await call("POST", "/api/guilds", { name: "steer" })).json()) as { id: string };
    const script = {
      steps: [
        { type: "reply", text: "Slow.", tool_calls: [{ name: "shell", args: { command: "sleep 2" } }] },
      ],
      final_text: "Done.",
    };
    const agent = (await (
      await call("POST", `/api/guilds/${guild.id}/agents`, {
        name: "slow",
        model: { provider: "scripted", name: "script" },
        coding: true,
        script,
      })
    ).json()) as { id: string };
    const run = (await (await call("POST", `/api/agents/${agent.id}/runs`, { message: "Go." })).json()) as {
      id: string;
    };
    const stream = frameReader((await call("GET", `/api/runs/${run.id}/events`)).body);
    const seen: { event: string; data: Record<string, unknown> }[] = [];
    while (seen.at(-1)?.event !== "tool.started") seen.push(parsed(await stream.nextEvent()));

    const sent = await call("POST", `/api/runs/${run.id}/messages`, { message: "Then stop." });
    expect(sent.status).toBe(202);
    expect(await sent.json()).toMatchObject({ id: run.id, status: "running" });
    const waiting = (await (await call("GET", `/api/runs/${run.id}`)).json()) as {
      queued_messages: { id: string; text: string }[];
    };
    expect(waiting.queued_messages).toMatchObject([{ text: "Then stop." }]);
    while (seen.at(-1)?.event !== "run.ended") seen.push(parsed(await stream.nextEvent()));
    await stream.cancel();

    const events = seen.map((frame) => frame.event);
    const queued = events.indexOf("message.queued");
    const delivered = events.indexOf("message.delivered");
    expect(queued).toBeGreaterThan(events.indexOf("tool.started"));
    expect(queued).toBeLessThan(events.indexOf("tool.finished"));
    expect(delivered).toBeGreaterThan(events.indexOf("tool.finished"));
    expect(seen[queued]?.data).toMatchObject({ text: "Then stop." });
    expect(seen[delivered]?.data).toEqual({
      type: "message.delivered",
      run_id: run.id,
      queued_id: seen[queued]?.data.queued_id,
      seq: 4,
    });
    expect(seen[delivered - 1]?.data).toMatchObject({ type: "message.created", role: "operator", seq: 4 });
    expect(events[delivered + 1]).toBe("generation.started");
    expect(seen.at(-1)?.data).toMatchObject({ status: "completed" });

    const detail = (await (await call("GET", `/api/runs/${run.id}`)).json()) as {
      messages: { seq: number; role: string; content: unknown }[];
      queued_messages: unknown[];
    };
    expect(detail.queued_messages).toEqual([]);
    expect(waiting.queued_messages[0]?.id).toBe(seen[queued]?.data.queued_id);
    expect(detail.messages[3]).toMatchObject({ seq: 4, role: "operator", content: { text: "Then stop." } });
    expect(detail.messages[4]?.role).toBe("assistant");
  } finally {
    await services.close();
    await rm(home, { recursive: true, force: true });
  }
});
