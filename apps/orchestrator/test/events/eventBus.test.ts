import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { createEventBus, type RunEventBus } from "../../src/events/eventBus.ts";
import { openStore, type Store } from "../../src/store/store.ts";
import { seedRun } from "../store/seedRun.ts";

let home: string;
let store: Store;
let bus: RunEventBus;
let runId: string;
let guildId: string;

beforeEach(async () => {
  home = mkdtempSync(path.join(tmpdir(), "guilds-events-"));
  store = await openStore(loadConfig({ GUILDS_HOME: home }));
  bus = createEventBus(store);
  const { guild, run } = await seedRun(store);
  guildId = guild.id;
  runId = run.id;
});

afterEach(async () => {
  bus.close();
  await store.close();
  rmSync(home, { recursive: true, force: true });
});

const operatorMessage = (seq: number) =>
  ({ type: "message.created", run_id: runId, seq, role: "operator", text: `m${seq}` }) as const;

describe("the run event bus", () => {
  test("replay then live: every stored event once, in id order, across the seam", async () => {
    const publishing: Promise<RunEventEnvelope>[] = [];
    for (let seq = 1; seq <= 50; seq++) publishing.push(bus.publish(operatorMessage(seq)));
    await Promise.all(publishing.slice(0, 10));

    const received: RunEventEnvelope[] = [];
    // Subscribed while the publishing goes on: the replay and the live events overlap.
    bus.subscribe({ runId }, 0, (event) => received.push(event));
    for (let seq = 51; seq <= 100; seq++) publishing.push(bus.publish(operatorMessage(seq)));
    const published = await Promise.all(publishing);
    await until(() => received.length >= 100);

    const ids = received.map((event) => event.id);
    expect(ids).toEqual(published.map((event) => event.id).sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(new Set(ids).size).toBe(100);
    expect(received[0]).toMatchObject({ type: "message.created", run_id: runId, guild_id: guildId });
  });

  test("a resume after an id gets only what came after it", async () => {
    const first = await bus.publish(operatorMessage(1));
    await bus.publish(operatorMessage(2));
    const received: RunEventEnvelope[] = [];
    bus.subscribe({ guildId }, first.id ?? 0, (event) => received.push(event));
    await bus.publish(operatorMessage(3));
    await until(() => received.length >= 2);
    expect(received.map((event) => event.data)).toMatchObject([{ seq: 2 }, { seq: 3 }]);
  });

  test("tool.progress reaches live subscribers with id null and is never stored", async () => {
    await bus.publish({ type: "run.started", run_id: runId, agent_id: "ag" });
    const live: RunEventEnvelope[] = [];
    const unsubscribe = bus.subscribe({ runId }, undefined, (event) => live.push(event));
    bus.publishEphemeral({
      type: "tool.progress",
      run_id: runId,
      tool_call_id: "tc",
      lines: ["x"],
      session_id: null,
    });
    await until(() => live.length >= 1);
    expect(live[0]).toMatchObject({ id: null, type: "tool.progress", guild_id: guildId });
    unsubscribe();
    bus.publishEphemeral({
      type: "tool.progress",
      run_id: runId,
      tool_call_id: "tc",
      lines: ["y"],
      session_id: null,
    });
    expect(live).toHaveLength(1);
    expect((await store.events.listForRun(runId)).map((event) => event.type)).toEqual(["run.started"]);
  });

  test("endRunStreams ends that run's subscriptions, calling onEnd; a guild's and another run's go on", async () => {
    const other = await store.runs.create({ agentId: (await store.runs.get(runId)).agentId });
    const ended: string[] = [];
    const received: string[] = [];
    const listen = (name: string) => (event: RunEventEnvelope) => received.push(`${name} ${event.run_id}`);
    bus.subscribe({ runId }, undefined, listen("run"), () => ended.push("run"));
    bus.subscribe({ runId: other.id }, undefined, listen("other"), () => ended.push("other"));
    bus.subscribe({ guildId }, undefined, listen("guild"), () => ended.push("guild"));

    bus.endRunStreams(runId);
    await bus.publish(operatorMessage(1));
    await bus.publish({ ...operatorMessage(1), run_id: other.id });

    expect(ended).toEqual(["run"]);
    await until(() => received.length >= 3);
    expect(received.sort()).toEqual([`guild ${other.id}`, `guild ${runId}`, `other ${other.id}`].sort());
  });
});

describe("storeAndPublish", () => {
  test("the work's writes and its events commit together; subscribers get them only after, in order", async () => {
    const received: RunEventEnvelope[] = [];
    bus.subscribe({ runId }, undefined, (event) => received.push(event));
    const before = await bus.publish(operatorMessage(1));
    await until(() => received.length === 1);

    const seq = await bus.storeAndPublish(async (stores) => {
      const message = await stores.messages.append(runId, { role: "operator", content: { text: "m" } });
      // Inside the transaction: nothing of it is visible, nothing is sent yet.
      expect(received).toHaveLength(1);
      return {
        value: message.seq,
        events: [operatorMessage(message.seq), { type: "run.ended", run_id: runId, status: "completed" }],
      };
    });

    expect(seq).toBe(1);
    await until(() => received.length === 3);
    const ids = received.slice(1).map((event) => event.id);
    expect(ids).toEqual([(before.id ?? 0) + 1, (before.id ?? 0) + 2]);
    expect(received.slice(1).map((event) => event.type)).toEqual(["message.created", "run.ended"]);
    const stored = await store.events.listForRun(runId, before.id ?? 0);
    expect(stored.map((event) => event.id)).toEqual(ids);
  });

  test("work that throws stores and publishes nothing", async () => {
    const received: RunEventEnvelope[] = [];
    bus.subscribe({ guildId }, undefined, (event) => received.push(event));
    await expect(
      bus.storeAndPublish(async (stores) => {
        await stores.messages.append(runId, { role: "operator", content: { text: "m" } });
        throw new Error("a fault of ours");
      }),
    ).rejects.toThrow("a fault of ours");
    await expect(
      bus.storeAndPublish(async () => ({
        value: undefined,
        events: [{ ...operatorMessage(1), run_id: "run_gone" }],
      })),
    ).rejects.toMatchObject({ code: "run.not_found" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual([]);
    expect(await store.messages.list(runId)).toEqual([]);
    expect(await store.events.lastId()).toBe(0);
  });

  test("work with no events commits its writes and publishes nothing", async () => {
    const received: RunEventEnvelope[] = [];
    bus.subscribe({ runId }, undefined, (event) => received.push(event));
    await bus.storeAndPublish(async (stores) => {
      await stores.messages.append(runId, { role: "operator", content: { text: "m" } });
      return { value: undefined, events: [] };
    });
    expect(await store.messages.list(runId)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual([]);
  });
});

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
