import { afterEach, beforeEach, expect, test } from "vitest";
import { callEnvironment } from "../../src/toolbox/callEnvironment.ts";
import { withEnvironmentFile } from "../../src/toolbox/requestEnvironmentFile.ts";
import { startMachine, type TestMachine } from "./machineFixture.ts";
import { helperRequest } from "./requests.ts";

let machine: TestMachine;
beforeEach(async () => {
  machine = await startMachine("unconfined");
});
afterEach(async () => {
  await machine.dispose();
});

test("a request whose env is only the machine's port block keeps it inline: no file to write", async () => {
  const env = callEnvironment({}, machine.machine.ports);
  expect(Object.keys(env)).toEqual(["PORT", "GUILDS_PORTS"]);
  const request = helperRequest("shell", { command: "true" }, { env });
  expect(await withEnvironmentFile(machine.machine, request)).toBe(request);
  const bare = helperRequest("ping", {});
  expect(await withEnvironmentFile(machine.machine, bare)).toBe(bare);
});

test("a secret, a token, or a port variable the machine does not give goes to the 0600 file", async () => {
  const ports = callEnvironment({}, machine.machine.ports);
  for (const overrides of [
    { env: callEnvironment({ MY_TOKEN: "s3cret" }, machine.machine.ports) },
    { env: ports, repo_tokens: { app: "ghp_token" } },
    { env: { PORT: "not-the-port" } },
    { env: { ...ports, GUILDS_PORTS: "1,2" } },
  ]) {
    const carried = await withEnvironmentFile(
      machine.machine,
      helperRequest("shell", { command: "true" }, overrides),
    );
    expect(carried).toMatchObject({ env: {}, repo_tokens: {} });
    expect(carried.env_file).toMatch(/^\/.+/);
  }
});
