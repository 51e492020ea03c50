import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { MachineProcess } from "../../src/machines/machine.ts";
import { ensureRepositoryCloned } from "../../src/repos/ensureRepositoryCloned.ts";
import { refreshRepositoryTokens } from "../../src/repos/refreshRepositoryTokens.ts";
import { createSampleRepository } from "../../src/repos/sampleRepository.ts";
import { type RepoMachine, runInside, startRepoMachine, tempFolder } from "./repoMachine.ts";

/**
 * Not a git server: it asks for credentials (401), records the Authorization header git sends back
 * with the path it asked for, and refuses (403). Enough to see which token git sent for which repository.
 */
const AUTH_RECORDER = `
const http = require("node:http");
const fs = require("node:fs");
const [log, port] = process.argv.slice(1);
http.createServer((request, response) => {
  const authorization = request.headers.authorization;
  if (!authorization) {
    response.writeHead(401, { "WWW-Authenticate": 'Basic realm="repos"' });
    return response.end();
  }
  fs.appendFileSync(log, request.url.split("/info/")[0] + " " + authorization + "\\n");
  response.writeHead(403);
  response.end();
}).listen(Number(port), "127.0.0.1", () => console.log("ready"));
`;

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
}

describe("git over http inside the machine", () => {
  let repoMachine: RepoMachine;
  let removeHostFolder: () => void;
  let server: MachineProcess;
  let base: string;
  let log: string;

  beforeAll(async () => {
    const host = tempFolder("guilds-sample-");
    removeHostFolder = host.remove;
    const sample = await createSampleRepository(path.join(host.folder, "tally"));
    repoMachine = await startRepoMachine("agent-http");
    const { machine } = repoMachine;
    await ensureRepositoryCloned(machine, { name: "tally", source: { localPath: sample } });
    const port = machine.ports[0] ?? 3000;
    base = `http://127.0.0.1:${port}`;
    log = `${machine.runtimeDir}/auth.log`;
    server = machine.exec({
      argv: ["node", "-e", AUTH_RECORDER, log, String(port)],
      env: { ...machine.baseEnv },
    });
    await new Promise<void>((resolve, reject) => {
      server.stdout.once("data", () => resolve());
      server.exit.then(() => reject(new Error("the recorder ended before listening")), reject);
    });
  });

  afterAll(async () => {
    server.kill("SIGKILL");
    await repoMachine.dispose();
    removeHostFolder();
  });

  test("a fetch sends the token of the repository it fetches from", async () => {
    const { machine } = repoMachine;
    await refreshRepositoryTokens(machine, {
      app: { url: `${base}/org/app.git`, token: "tok-http-app" },
      web: { url: `${base}/org/web.git`, token: "tok-http-web" },
    });
    const cwd = `${machine.home}/repos/tally`;
    await runInside(machine, ["git", "fetch", `${base}/org/app.git`], { cwd });
    await runInside(machine, ["git", "fetch", `${base}/org/web`], { cwd });
    const recorded = await runInside(machine, ["cat", log]);
    expect(recorded.stdout).toBe(
      `/org/app.git ${basic("x-access-token", "tok-http-app")}\n/org/web ${basic("x-access-token", "tok-http-web")}\n`,
    );
  });

  test("a clone sends the token it is given, and its failure does not show it", async () => {
    const { machine } = repoMachine;
    await runInside(machine, ["rm", "-f", log]);
    const failure = await ensureRepositoryCloned(
      machine,
      { name: "private", source: { url: `${base}/org/private.git` } },
      "tok-http-clone",
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "repository.clone_failed" });
    expect(String((failure as Error).message)).toContain("403");
    expect(String((failure as Error).message)).not.toContain("tok-http-clone");
    const recorded = await runInside(machine, ["cat", log]);
    expect(recorded.stdout).toBe(`/org/private.git ${basic("x-access-token", "tok-http-clone")}\n`);
  });
});
