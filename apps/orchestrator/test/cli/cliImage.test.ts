import { expect, test } from "vitest";
import { runCli } from "./runCli.ts";

test("image build with no engine at the socket fails with engine.unreachable, saying how to point it at one", async () => {
  const ran = await runCli(["image", "build", "--socket", "/nonexistent/guilds-test.sock"]);
  expect(ran.code).toBe(1);
  expect(ran.stdout).toBe("");
  expect(ran.stderr).toMatch(
    /^guilds: \[engine\.unreachable\] No container engine answers on the socket \/nonexistent\/guilds-test\.sock: there is no such socket\. /,
  );
  expect(ran.stderr).toContain("DOCKER_HOST");
});

test("image build reads DOCKER_HOST when no socket is given", async () => {
  const ran = await runCli(["image", "build"], { DOCKER_HOST: "tcp://127.0.0.1:1" });
  expect(ran.code).toBe(1);
  expect(ran.stderr).toContain(
    "No container engine answers on DOCKER_HOST=tcp://127.0.0.1:1: nothing listens there (connection refused).",
  );
});

test("image takes build only, and build no arguments", async () => {
  const other = await runCli(["image", "pull"]);
  expect(other.code).toBe(2);
  expect(other.stderr).toContain("image takes build [--socket <path>] [--tag <name:tag>] [--base <image>].");
  const extra = await runCli(["image", "build", "now"]);
  expect(extra.code).toBe(2);
  expect(extra.stderr).toContain("image build takes no arguments, got now.");
});
