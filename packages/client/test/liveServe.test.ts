import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { afterEach, expect, test } from "vitest";
import { apiDocument } from "../../../apps/orchestrator/src/server/apiDocument.ts";
import { scriptedAgent, useServeCase } from "../../../apps/orchestrator/test/server/serveCases.ts";
import { followRun } from "../src/followRun.ts";
import { createGuildsClient } from "../src/guildsClient.ts";

// The client against a real `guilds serve`: a scripted agent's run started and followed to its end,
// then followed again after an event, and through a connection cut mid-stream.
const serveCase = useServeCase();
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const SCRIPT = {
  steps: [
    { type: "reply", text: "One.", tool_calls: [{ name: "shell", args: { command: "echo one" } }] },
    { type: "reply", text: "Two.", tool_calls: [{ name: "shell", args: { command: "echo two" } }] },
  ],
  final_text: "Done.",
};

async function startedServer() {
  const agent = await scriptedAgent(serveCase.home("guilds-client-"), "unconfined", SCRIPT);
  const server = await serveCase.serve({ ...agent.environment, PORT: String(agent.port) });
  return { agent, client: createGuildsClient({ baseUrl: server.url, token: agent.token }) };
}

async function collected(events: AsyncIterable<RunEventEnvelope>): Promise<RunEventEnvelope[]> {
  const all: RunEventEnvelope[] = [];
  for await (const event of events) all.push(event);
  return all;
}

/** The stored events only: a call past 250 ms on a loaded machine adds live `tool.progress` frames, which a replay of the ended run does not have. */
async function collectedStored(events: AsyncIterable<RunEventEnvelope>): Promise<RunEventEnvelope[]> {
  return (await collected(events)).filter((event) => event.id !== null);
}

test("a run started and followed to its end; followed again after an event; the served document is the generated one", async () => {
  const { agent, client } = await startedServer();
  const served = await (await fetch(`${client.baseUrl}/api/openapi.json`)).json();
  expect(served).toEqual(JSON.parse(JSON.stringify(apiDocument())));

  const run = await client.answer(
    client.POST("/api/agents/{agentId}/runs", {
      params: { path: { agentId: agent.agentId } },
      body: { message: "Make two calls." },
    }),
  );
  const events = await collected(followRun(client, run.id));
  expect(events[0]?.data.type).toBe("run.started");
  expect(events.at(-1)?.data).toMatchObject({ type: "run.ended", status: "completed" });
  expect(events.filter((event) => event.data.type === "tool.finished")).toHaveLength(2);
  const ids = events.flatMap((event) => (event.id === null ? [] : [event.id]));
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(new Set(ids).size).toBe(ids.length);

  const middle = ids[Math.floor(ids.length / 2)] ?? 0;
  const resumed = await collected(followRun(client, run.id, { after: middle }));
  expect(resumed.map((event) => event.id)).toEqual(ids.filter((id) => id > middle));
});

test("a connection cut mid-stream is resumed with Last-Event-ID: no event lost or doubled", async () => {
  const { agent, client } = await startedServer();
  const run = await client.answer(
    client.POST("/api/agents/{agentId}/runs", {
      params: { path: { agentId: agent.agentId } },
      body: { message: "Make two calls." },
    }),
  );
  const whole = await collectedStored(followRun(client, run.id));
  const sentLastEventIds: (string | null)[] = [];
  globalThis.fetch = async (input, init) => {
    sentLastEventIds.push(new Headers(init?.headers).get("Last-Event-ID"));
    const response = await realFetch(input, init);
    return sentLastEventIds.length === 1 ? cutAfterFrames(response, 5) : response;
  };
  const states: string[] = [];
  const followed = await collected(
    followRun(client, run.id, { onState: (state) => states.push(state), reconnect: { delaysMs: [50] } }),
  );
  expect(followed.map((event) => event.id)).toEqual(whole.map((event) => event.id));
  expect(sentLastEventIds).toEqual([null, String(whole[4]?.id)]);
  expect(states).toEqual(["connecting", "live", "reconnecting", "reconnecting", "live", "closed"]);
});

/** The response with its body cut, like a dropped connection, after `frames` whole frames and half of the next. */
function cutAfterFrames(response: Response, frames: number): Response {
  const reader = response.body?.getReader();
  let text = "";
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const read = await reader?.read();
      if (read === undefined || read.done) return controller.close();
      text += new TextDecoder().decode(read.value);
      const ends = [...text.matchAll(/\n\n/g)].map((match) => (match.index ?? 0) + 2);
      if (ends.length <= frames) return controller.enqueue(read.value);
      const cut = (ends[frames - 1] ?? 0) + 10;
      controller.enqueue(new TextEncoder().encode(text.slice(0, cut)));
      controller.error(new TypeError("the test cut the connection"));
      void reader?.cancel();
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

test("a first response asked for early is the first connection; a reconnect asks again, resuming", async () => {
  const { agent, client } = await startedServer();
  const run = await client.answer(
    client.POST("/api/agents/{agentId}/runs", {
      params: { path: { agentId: agent.agentId } },
      body: { message: "Make two calls." },
    }),
  );
  const whole = await collectedStored(followRun(client, run.id));
  // Asked for before the follower exists, as the web app's entry script does; cut after 5 frames.
  const early = realFetch(`${client.baseUrl}/api/runs/${run.id}/events`, {
    headers: { Authorization: `Bearer ${agent.token}` },
  }).then((response) => cutAfterFrames(response, 5));
  const requested: (string | null)[] = [];
  globalThis.fetch = async (input, init) => {
    requested.push(new Headers(init?.headers).get("Last-Event-ID"));
    return realFetch(input, init);
  };
  const followed = await collected(
    followRun(client, run.id, { firstResponse: early, reconnect: { delaysMs: [50] } }),
  );
  expect(followed.map((event) => event.id)).toEqual(whole.map((event) => event.id));
  // The follower fetched only to resume, after the early response's last whole event.
  expect(requested).toEqual([String(whole[4]?.id)]);
});
