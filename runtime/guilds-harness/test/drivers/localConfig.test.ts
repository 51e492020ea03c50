import { chmodSync, existsSync, readFileSync, statSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { removeInside, rewriteJsonInside, writeInside } from "../../src/drivers/localConfig.ts";
import { useTempHome, writeFiles } from "./tempHome.ts";

describe("localConfig", () => {
  const temp = useTempHome();

  test("never leaves the root", () => {
    writeFiles(temp.outside, { "x.json": "{}" });
    removeInside(temp.home, "../outside/x.json");
    removeInside(temp.home, path.join(temp.outside, "x.json"));
    removeInside(temp.home, ".");
    expect(existsSync(path.join(temp.outside, "x.json"))).toBe(true);
    expect(existsSync(temp.home)).toBe(true);
    expect(writeInside(temp.home, "../outside/y.json", "{}")).toBe(false);
  });

  test("a folder on the way that is a link skips the path", () => {
    writeFiles(temp.outside, { "settings.json": '{"a":1}' });
    symlinkSync(temp.outside, path.join(temp.home, ".tool"));
    removeInside(temp.home, ".tool/settings.json");
    rewriteJsonInside(temp.home, ".tool/settings.json", () => ({}));
    expect(writeInside(temp.home, ".tool/settings.json", "{}")).toBe(false);
    expect(readFileSync(path.join(temp.outside, "settings.json"), "utf8")).toBe('{"a":1}');
  });

  test("rewrites keep the file's mode; files that are not JSON objects stay as they are", () => {
    writeFiles(temp.home, { "a.json": '{"keep":1,"drop":2}', "b.json": "not json", "c.json": "[1]" });
    const file = path.join(temp.home, "a.json");
    chmodSync(file, 0o600);
    rewriteJsonInside(temp.home, "a.json", ({ keep }) => ({ keep }));
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ keep: 1 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    rewriteJsonInside(temp.home, "b.json", () => ({}));
    rewriteJsonInside(temp.home, "c.json", () => ({}));
    expect(readFileSync(path.join(temp.home, "b.json"), "utf8")).toBe("not json");
    expect(readFileSync(path.join(temp.home, "c.json"), "utf8")).toBe("[1]");
  });

  test("writeInside creates its folders and writes mode 0600", () => {
    expect(writeInside(temp.home, ".tool/sub/settings.json", "{}\n")).toBe(true);
    const file = path.join(temp.home, ".tool/sub/settings.json");
    expect(readFileSync(file, "utf8")).toBe("{}\n");
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
