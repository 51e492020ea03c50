import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { machineEnvironment } from "../machines/docker/containerEngines.ts";
import { sandboxes } from "../toolbox/machineFixture.ts";
import { stopCliMachine } from "./cliMachine.ts";
import { runCli } from "./runCli.ts";

const available = await sandboxes();

describe.each(available)(
  "background commands from one guilds call to the next ($label)",
  ({ sandbox, skipReason }) => {
    const base = mkdtempSync(path.join(tmpdir(), "guilds-cli-bg-"));
    // A bwrap machine runs as another uid when the tests run as root: it must reach the home's folder.
    chmodSync(base, 0o755);
    const home = path.join(base, "a");
    afterAll(async () => {
      await stopCliMachine(home, sandbox).catch(() => {});
      rmSync(base, { recursive: true, force: true });
    });
    const guilds = (tool: string, args: unknown) =>
      runCli(["tool", tool, JSON.stringify(args), "--home", home], machineEnvironment(sandbox));

    test.skipIf(skipReason)("one call starts b1, the next lists it running, a third stops it", async () => {
      const started = await guilds("shell", { command: "sleep 60", background: true });
      expect(started.code, started.stderr).toBe(0);
      expect(started.stdout).toMatch(/^started b1 in the background \(pid \d+\)\n/);

      const listed = await guilds("shell_status", {});
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toMatch(/^b1 running \d+s sleep 60\n$/);

      const stopped = await guilds("shell_status", { id: "b1", stop: true });
      expect(stopped.code, stopped.stderr).toBe(0);
      expect(stopped.stdout).toMatch(/^b1 stopped after \d+s/);
      const after = await guilds("shell_status", {});
      expect(after.stdout).toMatch(/^b1 stopped \d+s sleep 60\n$/);
    });
  },
);
