// A server whose machines are containers (GUILDS_MACHINE_PROVIDER=docker), on each engine tested:
// what it says at start, a run's tool call in a container, and the containers of deleted agents.
import { expect, test } from "vitest";
import { containerNameOf, serverIdOf } from "../../src/machines/docker/containerLabels.ts";
import {
  containerEngine,
  containerEngines,
  machineEnvironment,
} from "../machines/docker/containerEngines.ts";
import { apiOf } from "./liveServe.ts";
import { cli, scriptedAgent, useServeCase } from "./serveCases.ts";

const serveCase = useServeCase();
const engines = await containerEngines();

test.for(engines)(
  "a run's shell call runs in the agent's container; a restart removes the container of an agent deleted meanwhile, an API deletion at once ($label)",
  { timeout: 120_000 },
  async ({ name, skipReason }, context) => {
    if (skipReason !== undefined) context.skip(skipReason);
    const home = serveCase.home("guilds-docker-server-");
    const { environment, agentId, token, port } = await scriptedAgent(home, name, {
      steps: [
        {
          type: "reply",
          text: "Looking.",
          tool_calls: [{ name: "shell", args: { command: "ps -p 1 -o args=; whoami" } }],
        },
      ],
      final_text: "Done.",
    });
    const server = await serveCase.serve({ ...environment, PORT: String(port) });
    expect(server.stderr()).toContain(`machines are containers of ${name}`);
    const api = apiOf(server.url, token);
    const started = await api("POST", `/api/agents/${agentId}/runs`, { message: "go" });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const runId = (started.body as { id: string }).id;
    let run: { status: string; tool_calls: { result: string | null }[] } = {
      status: "running",
      tool_calls: [],
    };
    await expect
      .poll(
        async () => {
          run = (await api("GET", `/api/runs/${runId}`)).body as typeof run;
          return run.status;
        },
        { timeout: 60_000 },
      )
      .toBe("completed");
    // The container's first process is the engine's init over the machine's sleep.
    expect(run.tool_calls[0]?.result).toMatch(/init -- sleep infinity\nagent\n/);

    const { docker } = await containerEngine(name);
    const container = docker.getContainer(containerNameOf(serverIdOf(`${home}/machines`), agentId));
    expect((await container.inspect()).State.Running).toBe(true);
    await server.child.kill("SIGTERM");
    await server.exited;
    // A stopped server stops its containers; deleting the agent meanwhile leaves its container.
    expect((await container.inspect()).State.Running).toBe(false);
    await cli(["agent", "delete", "acme/sleeper"], environment);
    const again = await serveCase.serve({ ...environment, PORT: String(port) });
    expect(again.stderr()).toContain("removed the containers of 1 deleted agent(s)");
    await expect(container.inspect()).rejects.toMatchObject({ statusCode: 404 });

    // Deleted through the API while the server runs: its container goes at once.
    const second = await cli(
      ["agent", "create", "acme", "other", "--provider", "scripted", "--script", `${home}/script.json`],
      environment,
    );
    const otherId = /\((ag_\w+)\)/.exec(second)?.[1] ?? "";
    const otherApi = apiOf(again.url, token);
    const otherRun = await otherApi("POST", `/api/agents/${otherId}/runs`, { message: "go" });
    expect(otherRun.status).toBe(201);
    const otherContainer = docker.getContainer(containerNameOf(serverIdOf(`${home}/machines`), otherId));
    await expect
      .poll(async () => (await otherContainer.inspect().catch(() => null))?.State.Running, {
        timeout: 30_000,
      })
      .toBe(true);
    await expect
      .poll(
        async () =>
          (
            (await otherApi("GET", `/api/runs/${(otherRun.body as { id: string }).id}`)).body as {
              status: string;
            }
          ).status,
        { timeout: 30_000 },
      )
      .toBe("completed");
    expect((await otherApi("DELETE", `/api/agents/${otherId}`)).status).toBe(200);
    await expect(otherContainer.inspect()).rejects.toMatchObject({ statusCode: 404 });
  },
);

test.for(engines)(
  "without its sandbox image the server starts and says how to build it ($label)",
  { timeout: 60_000 },
  async ({ name, skipReason }, context) => {
    if (skipReason !== undefined) context.skip(skipReason);
    const home = serveCase.home("guilds-docker-noimage-");
    const server = await serveCase.serve({
      GUILDS_HOME: home,
      ...machineEnvironment(name),
      GUILDS_SANDBOX_IMAGE: "guilds-test-no-such-base:1",
      PORT: String(await import("../cli/cliProcess.ts").then((module) => module.freePort())),
    });
    expect(server.stderr()).toContain("guilds-test-no-such-base:1");
    expect(server.stderr()).toContain("guilds image build");
    expect(server.stderr()).toContain("Until then no machine starts.");
  },
);
