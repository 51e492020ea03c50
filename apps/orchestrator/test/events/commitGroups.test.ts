import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { afterEach, beforeEach, expect, test } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { createEventBus, type RunEventBus } from "../../src/events/eventBus.ts";
import { openStore, type Store } from "../../src/store/store.ts";
import { seedRun } from "../store/seedRun.ts";

let home: string;
let store: Store;
let bus: RunEventBus;
let runId: string;

beforeEach(async () => {
  home = mkdtempSync(path.join(tmpdir(), "guilds-groups-"));
  store = await openStore(loadConfig({ GUILDS_HOME: home }));
  bus = createEventBus(store);
  runId = (await seedRun(store)).run.id;
});

afterEach(async () => {
  bus.close();
  await store.close();
  rmSync(home, { recursive: true, force: true });
});

/** A work that appends an operator message, stores its event, and fails instead when told to. */
const appendMessage = (text: string, fail?: "before the events" | "with a run that is gone") =>
  bus.storeAndPublish(async (stores) => {
    const message = await stores.messages.append(runId, { role: "operator", content: { text } });
    if (fail === "before the events") throw new Error(`${text} failed`);
    const event = {
      type: "message.created",
      run_id: runId,
      seq: message.seq,
      role: "operator",
      text,
    } as const;
    return { value: message.seq, events: [fail === undefined ? event : { ...event, run_id: "run_gone" }] };
  });

test("works queued in one turn commit together; the one that throws rolls back and fails alone", async () => {
  const received: RunEventEnvelope[] = [];
  bus.subscribe({ runId }, undefined, (event) => received.push(event));
  const outcomes = await Promise.allSettled([
    appendMessage("a"),
    appendMessage("b", "before the events"),
    appendMessage("c"),
    appendMessage("d", "with a run that is gone"),
    appendMessage("e"),
  ]);

  expect(outcomes.map((outcome) => outcome.status)).toEqual([
    "fulfilled",
    "rejected",
    "fulfilled",
    "rejected",
    "fulfilled",
  ]);
  // The failed works' messages rolled back with their seqs: the run's seqs have no gap.
  expect(outcomes.map((outcome) => (outcome.status === "fulfilled" ? outcome.value : undefined))).toEqual([
    1,
    undefined,
    2,
    undefined,
    3,
  ]);
  expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ message: "b failed" });
  expect((outcomes[3] as PromiseRejectedResult).reason).toMatchObject({ code: "run.not_found" });
  const messages = await store.messages.list(runId);
  expect(messages.map((message) => [message.seq, message.content])).toEqual([
    [1, { text: "a" }],
    [2, { text: "c" }],
    [3, { text: "e" }],
  ]);
  // One bump of the counter for the group: consecutive ids, in the works' order, all published.
  const stored = await store.events.listForRun(runId);
  expect(stored.map((event) => [event.id, (event.payload as { text: string }).text])).toEqual([
    [1, "a"],
    [2, "c"],
    [3, "e"],
  ]);
  expect(received.map((event) => event.id)).toEqual([1, 2, 3]);
});

test("nothing of a group is published before its commit", async () => {
  const received: RunEventEnvelope[] = [];
  bus.subscribe({ runId }, undefined, (event) => received.push(event));
  let seenInsideLast: number | undefined;
  const first = appendMessage("first");
  const last = bus.storeAndPublish(async (stores) => {
    // The group's first work has run by now, but its event waits for the commit.
    seenInsideLast = received.length;
    const message = await stores.messages.append(runId, { role: "operator", content: { text: "last" } });
    return {
      value: message.seq,
      events: [{ type: "message.created", run_id: runId, seq: message.seq, role: "operator", text: "last" }],
    };
  });
  expect(await Promise.all([first, last])).toEqual([1, 2]);
  expect(seenInsideLast).toBe(0);
  expect(received.map((event) => event.id)).toEqual([1, 2]);
});
