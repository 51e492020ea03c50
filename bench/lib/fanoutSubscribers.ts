import { type ChildProcess, fork } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { frameEvent, openSseStream, type SseStream } from "./sseStream.ts";

/*
 * The SSE subscribers of sse-fanout, in a process of their own (the bench's file started again with
 * SUBSCRIBERS_ROLE set), so that parsing 1,000 streams takes no CPU from the server's event loop.
 */

export const SUBSCRIBERS_ROLE = "GUILDS_BENCH_SSE_SUBSCRIBERS";

/** What the subscribers of one group received between two collects. */
export interface Collected {
  /** Arrival minus created_at of each tool result event (message.created of role tool, tool.finished), per subscriber. */
  delaysMs: number[];
  /** Every frame the group received, heartbeats and all. */
  frames: number;
  /** The subscriber process's CPU over the window, in % of one core. */
  clientCpuPercent: number;
  /** p99 of the subscriber process's event loop delay over the window. */
  clientLoopDelayP99Ms: number;
}

type Request =
  | { op: "connect"; group: string; url: string; token: string; count: number }
  | { op: "collect"; group: string; runEnds: number }
  | { op: "close" };

type Reply = { op: "connected"; group: string } | ({ op: "collected"; group: string } & Collected);

/** The parent's handle on the subscriber process. */
export class SubscriberProcess {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<string, (reply: Reply) => void>();

  constructor(script: string) {
    this.child = fork(script, [], {
      env: { ...process.env, [SUBSCRIBERS_ROLE]: "1" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.child.on("message", (reply: Reply) => {
      const key = `${reply.op}:${reply.group}`;
      this.waiting.get(key)?.(reply);
      this.waiting.delete(key);
    });
    this.child.once("exit", (code) => {
      if (this.waiting.size > 0) process.stderr.write(`the subscriber process exited (${code})\n`);
    });
  }

  /** Opens `count` streams of the url; resolves once every one has its response headers. */
  async connect(group: string, url: string, token: string, count: number): Promise<void> {
    await this.ask({ op: "connect", group, url, token, count }, `connected:${group}`);
  }

  /** Waits until every subscriber of the group has seen `runEnds` run.ended frames in all; takes what came since the last collect. */
  async collect(group: string, runEnds: number): Promise<Collected> {
    const reply = await this.ask({ op: "collect", group, runEnds }, `collected:${group}`);
    if (reply.op !== "collected") throw new Error(`unexpected reply ${reply.op}`);
    return reply;
  }

  close(): void {
    if (this.child.connected) this.child.send({ op: "close" } satisfies Request);
  }

  private ask(request: Request, key: string): Promise<Reply> {
    return new Promise((resolve) => {
      this.waiting.set(key, resolve);
      this.child.send(request);
    });
  }
}

interface Group {
  streams: SseStream[];
  runEnds: number[];
  delaysMs: number[];
  frames: number;
  collecting?: { runEnds: number; done: () => void };
}

/** The subscriber process's body: answers the parent's requests until it says close. */
export function serveSubscribers(): void {
  const groups = new Map<string, Group>();
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  let windowStart = { cpu: process.cpuUsage(), wall: performance.now() };
  const send = (reply: Reply) => process.send?.(reply);

  const groupOf = (name: string): Group => {
    let group = groups.get(name);
    if (group === undefined) {
      group = { streams: [], runEnds: [], delaysMs: [], frames: 0 };
      groups.set(name, group);
    }
    return group;
  };

  const checkCollect = (group: Group) => {
    const collecting = group.collecting;
    if (collecting && group.runEnds.every((ends) => ends >= collecting.runEnds)) {
      group.collecting = undefined;
      collecting.done();
    }
  };

  const connect = async (name: string, url: string, token: string, count: number) => {
    const group = groupOf(name);
    // In batches: 1,000 connects at once overflow the listen backlog and wait for SYN retries.
    for (let first = 0; first < count; first += 100) {
      const batch = Array.from({ length: Math.min(100, count - first) }, () => {
        const index = group.runEnds.push(0) - 1;
        return openSseStream(url, token, (frames, arrivedAtMs) => {
          group.frames += frames.length;
          for (const frame of frames) {
            const event = frameEvent(frame);
            if (event === "run.ended") group.runEnds[index] = (group.runEnds[index] ?? 0) + 1;
            else if (
              event === "tool.finished" ||
              (event === "message.created" && frame.includes('"role":"tool"'))
            ) {
              group.delaysMs.push(arrivedAtMs - createdAtMs(frame));
            }
          }
          checkCollect(group);
        });
      });
      group.streams.push(...(await Promise.all(batch)));
    }
    send({ op: "connected", group: name });
  };

  const collect = (name: string, runEnds: number) => {
    const group = groupOf(name);
    group.collecting = {
      runEnds,
      done: () => {
        const cpu = process.cpuUsage(windowStart.cpu);
        const wallMs = performance.now() - windowStart.wall;
        send({
          op: "collected",
          group: name,
          delaysMs: group.delaysMs,
          frames: group.frames,
          clientCpuPercent: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
          clientLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
        });
        group.delaysMs = [];
        group.frames = 0;
        loopDelay.reset();
        windowStart = { cpu: process.cpuUsage(), wall: performance.now() };
      },
    };
    checkCollect(group);
  };

  process.on("message", (request: Request) => {
    if (request.op === "connect") {
      connect(request.group, request.url, request.token, request.count).catch((caught: unknown) => {
        process.stderr.write(`subscribers: ${caught instanceof Error ? caught.message : caught}\n`);
        process.exit(1);
      });
    } else if (request.op === "collect") collect(request.group, request.runEnds);
    else {
      for (const group of groups.values()) for (const stream of group.streams) stream.close();
      loopDelay.disable();
      process.disconnect();
    }
  });
}

/** The envelope's created_at (its last field; ISO 8601 with milliseconds, always 24 characters). */
function createdAtMs(frame: string): number {
  const key = '"created_at":"';
  const at = frame.lastIndexOf(key) + key.length;
  return Date.parse(frame.slice(at, at + 24));
}
