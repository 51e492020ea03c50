// images/systemd/guilds.service checked by systemd's own tools, offline (no systemd needs to run):
// `systemd-analyze verify` (every key known, the command there) and `systemd-analyze security`'s
// exposure score. Skipped, with the reason printed, where systemd-analyze is not installed.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { repositoryRoot } from "../../src/images/sandboxImage.ts";

const run = promisify(execFile);
const unit = path.join(repositoryRoot(), "images/systemd/guilds.service");
const analyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].find((place) => existsSync(place));
if (analyze === undefined)
  process.stderr.write("systemd unit tests: skipped: systemd-analyze is not installed\n");

test("the unit runs the built CLI of a checkout at /opt/guilds, with its data in /var/lib/guilds", () => {
  const text = readFileSync(unit, "utf8");
  const execStart = /^ExecStart=\/usr\/bin\/node \/opt\/guilds\/(\S+) serve$/m.exec(text);
  expect(execStart?.[1]).toBe("apps/orchestrator/bin/guilds.mjs");
  expect(existsSync(path.join(repositoryRoot(), execStart?.[1] ?? "none"))).toBe(true);
  expect(text).toMatch(/^Environment=GUILDS_HOME=\/var\/lib\/guilds /m);
  expect(text).toMatch(/^ReadWritePaths=\/var\/lib\/guilds /m);
});

describe.skipIf(analyze === undefined)("systemd-analyze", () => {
  test("verify finds nothing to say", async () => {
    const { stdout, stderr } = await run(analyze as string, ["verify", unit]);
    expect(`${stdout}${stderr}`).toBe("");
  });

  test("its exposure is at most 6.2 of 10 for a root service that makes namespaces and cgroups", async () => {
    const { stdout } = await run(analyze as string, ["security", "--offline=true", "--no-pager", unit]);
    const score = Number(/Overall exposure level for guilds\.service: (\d+\.\d)/.exec(stdout)?.[1]);
    expect(score).toBeLessThanOrEqual(6.2);
    for (const kept of [
      "NoNewPrivileges=",
      "ProtectSystem=",
      "PrivateTmp=",
      "ProtectHome=",
      "RestrictSUIDSGID=",
    ]) {
      expect(stdout).toMatch(new RegExp(`✓ ${kept}`));
    }
  });
});
