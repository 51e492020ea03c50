// The service as an operator runs it: the server and PostgreSQL images built offline
// (images/server/build.sh, images/postgres/build.sh) and compose.yaml brought up with docker-compose on
// the Docker engine at GUILDS_TEST_DOCKER_SOCKET, agents' machines as containers of that engine. Up,
// ready, the demo agent's run through the API, down, the data kept in the volume, up again with it.
// Skipped, with the reason printed, without docker-compose, an engine or the sandbox image.
import { execFile } from "node:child_process";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";
import { connectEngine, DEFAULT_ENGINE_SOCKET } from "../../src/images/containerEngine.ts";
import { projectVersion, repositoryRoot, sandboxImageTag } from "../../src/images/sandboxImage.ts";

const run = promisify(execFile);
const socket = process.env.GUILDS_TEST_DOCKER_SOCKET || DEFAULT_ENGINE_SOCKET;
const root = repositoryRoot();

async function skipReason(): Promise<string | undefined> {
  for (const tool of ["docker", "docker-compose"]) {
    const found = await run("sh", ["-c", `command -v ${tool}`]).then(
      () => true,
      () => false,
    );
    if (!found) return `${tool} is not installed (scripts/ci-engines.sh installs it)`;
  }
  const docker = await connectEngine({ socketPath: socket }).catch((caught: Error) => caught);
  if (docker instanceof Error) return docker.message;
  const sandbox = await docker
    .getImage(sandboxImageTag())
    .inspect()
    .catch(() => undefined);
  if (sandbox === undefined)
    return `${sandboxImageTag()} is not on the engine: run \`npx guilds image build\``;
  return undefined;
}

const skipped = await skipReason();
if (skipped !== undefined) process.stderr.write(`compose stack test: skipped: ${skipped}\n`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0));
    });
  });
}

describe.skipIf(skipped !== undefined)("compose.yaml: the server and PostgreSQL on the engine", () => {
  const project = `guildstest${process.pid}`;
  const environment = { ...process.env, DOCKER_HOST: `unix://${socket}` };
  let folder = "";
  let base = "";
  let agentId = "";

  const compose = (...args: string[]) => {
    process.stderr.write(`compose stack test: docker-compose ${args.join(" ")}\n`);
    return run("docker-compose", ["-p", project, ...args], {
      cwd: folder,
      env: environment,
      maxBuffer: 8 << 20,
    });
  };

  afterAll(async () => {
    if (folder === "") return;
    await compose("down", "--volumes", "--timeout", "20").catch(() => {});
    // The demo agent's machine: a container the server made on the engine, outside the project.
    const { stdout } =
      agentId === ""
        ? { stdout: "" }
        : await run("docker", ["ps", "--all", "--quiet", "--filter", `name=${agentId}`], {
            env: environment,
          }).catch(() => ({ stdout: "" }));
    const machines = stdout.split("\n").filter((id) => id !== "");
    if (machines.length > 0) await run("docker", ["rm", "--force", ...machines], { env: environment });
    if (agentId !== "") {
      const { stdout: volumes } = await run(
        "docker",
        ["volume", "ls", "--quiet", "--filter", `name=${agentId}`],
        {
          env: environment,
        },
      );
      const machineVolumes = volumes.split("\n").filter((name) => name !== "");
      if (machineVolumes.length > 0)
        await run("docker", ["volume", "rm", ...machineVolumes], { env: environment });
    }
    await rm(folder, { recursive: true, force: true });
  });

  async function waitReady(): Promise<{ checks: { name: string; status: string; message: string }[] }> {
    process.stderr.write(`compose stack test: waiting for ${base}/readyz\n`);
    const deadline = Date.now() + 90_000;
    let last = "";
    while (Date.now() < deadline) {
      // A timeout of its own: before the server listens, the engine's port proxy may accept and hold.
      const answer = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(3000) }).catch(
        (caught: Error) => caught,
      );
      if (!(answer instanceof Error)) {
        last = `${answer.status} ${await answer.text()}`;
        if (answer.status === 200) return JSON.parse(last.slice(4));
      } else last = answer.message;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const { stdout } = await compose("logs", "--tail", "30");
    throw new Error(`the server was not ready within 90 s (last: ${last}); its logs:\n${stdout}`);
  }

  test("up, ready, a run of the demo agent, down, up again with the same data", {
    timeout: 300_000,
  }, async () => {
    const version = projectVersion();
    for (const script of ["images/server/build.sh", "images/postgres/build.sh"]) {
      const { stdout } = await run(path.join(root, script), [], { env: environment, maxBuffer: 8 << 20 });
      expect(stdout.trim()).toMatch(new RegExp(`^guilds-(server|postgres):${version}$`));
    }
    folder = await mkdtemp(path.join(tmpdir(), "guilds-compose-"));
    await copyFile(path.join(root, "compose.yaml"), path.join(folder, "compose.yaml"));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await writeFile(
      path.join(folder, ".env"),
      [
        "GUILDS_POSTGRES_PASSWORD=compose-test-password",
        `GUILDS_DATA=${path.join(folder, "data")}`,
        `GUILDS_LISTEN=127.0.0.1:${port}`,
        `GUILDS_VERSION=${version}`,
        "",
      ].join("\n"),
    );

    await compose("up", "--detach");
    const ready = await waitReady();
    expect(ready.checks.find((check) => check.name === "store")).toMatchObject({ status: "ok" });
    expect(ready.checks.find((check) => check.name === "store")?.message).toContain("postgres");
    expect(ready.checks.find((check) => check.name === "machines")?.message).toContain("docker");

    const created = await compose("exec", "-T", "server", "guilds", "token", "create", "compose-test");
    const token = created.stdout.trim().split("\n")[0] ?? "";
    expect(token).toMatch(/^gt_/);
    const api = async (method: string, url: string, body?: unknown) => {
      const answer = await fetch(`${base}${url}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      // biome-ignore lint/suspicious/noExplicitAny: the answers are read loosely; the API tests check their shapes
      return { status: answer.status, body: (await answer.json()) as any };
    };

    const guilds = await api("GET", "/api/guilds");
    const demo = guilds.body.guilds.find((guild: { name: string }) => guild.name === "demo");
    expect(demo).toBeDefined();
    const agents = await api("GET", `/api/guilds/${demo.id}/agents`);
    const agent = agents.body.agents.find((candidate: { name: string }) => candidate.name === "demo");
    agentId = agent.id;
    const started = await api("POST", `/api/agents/${agent.id}/runs`, { message: "hello" });
    expect(started.status).toBe(201);
    let summary = started.body;
    for (let polls = 0; summary.status === "running" && polls < 120; polls++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      summary = (await api("GET", `/api/runs/${started.body.id}/summary`)).body;
    }
    expect(summary).toMatchObject({ status: "completed", status_reason: null });
    const finished = (await api("GET", `/api/runs/${started.body.id}`)).body;
    const calls = finished.tool_calls.map(
      (call: { tool: string; status: string }) => `${call.tool} ${call.status}`,
    );
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call: string) => call.endsWith(" completed"))).toBe(true);
    expect(calls).toContain("shell completed");
    // The machine is a container of the engine, its home a folder of the data folder.
    const { stdout: machine } = await run(
      "docker",
      ["ps", "--all", "--quiet", "--filter", `name=${agent.id}`],
      {
        env: environment,
      },
    );
    const { stdout: mounts } = await run(
      "docker",
      ["inspect", "--format", "{{range .Mounts}}{{.Source}} {{end}}", machine.trim()],
      { env: environment },
    );
    expect(mounts).toContain(path.join(folder, "data"));

    await compose("down", "--timeout", "30");
    const { stdout: volumes } = await run("docker", ["volume", "ls", "--quiet"], { env: environment });
    expect(volumes.split("\n")).toContain(`${project}_postgres-data`);
    await compose("up", "--detach");
    await waitReady();
    const again = await api("GET", `/api/runs/${started.body.id}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(finished);
  });
});
