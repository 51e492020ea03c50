import { expect, test } from "vitest";
import { apiOf, openRunEvents } from "./liveServe.ts";
import { eventsUntil, scriptedAgent, useServeCase } from "./serveCases.ts";

/*
 * Steering survives a crash: a message queued while the run's command sleeps is stored before its
 * 202; the server is killed with SIGKILL; after the restart the run is interrupted with the message
 * still queued, and continuing the run delivers it first, before the new message.
 */

const EVENT_WAIT_MS = 20_000;

const serveCase = useServeCase();

type RunDetail = {
  status: string;
  messages: { seq: number; role: string; content: { text?: string } }[];
  queued_messages: { id: string; text: string }[];
};

test("a message queued when the server is killed is delivered when the run is continued", {
  timeout: 120_000,
}, async () => {
  const home = serveCase.home("guilds-steer-crash-");
  const { environment, agentId, token, port } = await scriptedAgent(home, "unconfined", {
    steps: [
      { type: "reply", text: "A long one.", tool_calls: [{ name: "shell", args: { command: "sleep 60" } }] },
    ],
    final_text: "Done.",
  });
  const first = await serveCase.serve({ ...environment, PORT: String(port) });
  const api = apiOf(first.url, token);
  const runId = (
    (await api("POST", `/api/agents/${agentId}/runs`, { message: "Go." })).body as { id: string }
  ).id;
  const live = await openRunEvents(first.url, token, runId);
  await eventsUntil(live, "tool.started", EVENT_WAIT_MS);
  const sent = await api("POST", `/api/runs/${runId}/messages`, { message: "Steer me." });
  expect(sent.status).toBe(202);
  const queued = await eventsUntil(live, "message.queued", EVENT_WAIT_MS);
  live.close();
  const queuedId = queued.at(-1)?.data.queued_id;

  first.child.kill("SIGKILL");
  await first.exited;

  const second = await serveCase.serve({ ...environment, PORT: String(port) });
  const again = apiOf(second.url, token);
  const interrupted = (await again("GET", `/api/runs/${runId}`)).body as RunDetail;
  expect(interrupted.status).toBe("interrupted");
  expect(interrupted.messages.some((message) => message.content.text === "Steer me.")).toBe(false);
  expect(interrupted.queued_messages).toMatchObject([{ id: queuedId, text: "Steer me." }]);

  const replay = await openRunEvents(second.url, token, runId, 0);
  const replayed = await eventsUntil(replay, "run.ended", EVENT_WAIT_MS);
  expect(replayed.filter((event) => event.type === "message.queued").map((event) => event.data.text)).toEqual(
    ["Steer me."],
  );
  expect(replayed.some((event) => event.type === "message.delivered")).toBe(false);

  expect((await again("POST", `/api/runs/${runId}/messages`, { message: "Go on." })).status).toBe(202);
  const continued = await eventsUntil(replay, "generation.started", EVENT_WAIT_MS);
  replay.close();
  const delivered = continued.find((event) => event.type === "message.delivered");
  expect(delivered?.data).toMatchObject({ queued_id: queuedId });
  const operatorTexts = ((await again("GET", `/api/runs/${runId}`)).body as RunDetail).messages
    .filter((message) => message.role === "operator")
    .map((message) => message.content.text);
  expect(operatorTexts).toEqual(["Go.", "Steer me.", "Go on."]);

  expect((await again("POST", `/api/runs/${runId}/cancel`)).status).toBe(202);
  second.child.kill("SIGTERM");
  expect(await second.exited, second.stderr()).toBe(0);
});
