import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { reachableToolPath } from "../../../../src/machines/local/bwrap/reachableTools.ts";

const user = { uid: 100_123, gid: 100_123, launchPrefix: [] };
const roots: string[] = [];

function tempRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), "guilds-tools-"));
  chmodSync(root, 0o755);
  roots.push(root);
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("reachableToolPath", () => {
  test("a tool the sandbox user can read is bound where it is", async () => {
    const root = tempRoot();
    const tool = path.join(root, "rg");
    writeFileSync(tool, "#!/bin/sh\n", { mode: 0o755 });
    expect(await reachableToolPath(user, tool, path.join(root, "tools"), "rg")).toBe(tool);
  });

  test("a tool behind a closed folder is copied into the machine's tools folder, once", async () => {
    const root = tempRoot();
    const closed = path.join(root, "closed");
    mkdirSync(closed, { mode: 0o700 });
    const tool = path.join(closed, "guilds-code");
    writeFileSync(tool, "helper v1", { mode: 0o755 });
    const toolsFolder = path.join(root, "tools");

    const copy = await reachableToolPath(user, tool, toolsFolder, "guilds-code");
    expect(copy).toBe(path.join(toolsFolder, "guilds-code"));
    expect(readFileSync(copy, "utf8")).toBe("helper v1");
    expect(statSync(copy).mode & 0o777).toBe(0o755);
    expect(statSync(toolsFolder).mode & 0o777).toBe(0o711);

    writeFileSync(tool, "helper v2, longer");
    await reachableToolPath(user, tool, toolsFolder, "guilds-code");
    expect(readFileSync(copy, "utf8")).toBe("helper v2, longer");
  });
});
