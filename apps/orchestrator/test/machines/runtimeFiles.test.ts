import { describe, expect, test } from "vitest";
import type { Machine } from "../../src/machines/machine.ts";
import { type RuntimeFile, writeRuntimeFiles } from "../../src/machines/runtimeFiles.ts";

/** The part of a machine writeRuntimeFiles uses: its generation, set by the test, and its writes, recorded. */
function fakeMachine() {
  const fake = {
    generation: 1 as number | null,
    writes: [] as { path: string; data: string; mode: number }[],
    files: new Map<string, string>(),
    /** The next write fails. */
    failNext: false,
    /** How long each write takes. */
    delayMs: 0,
  };
  const machine = {
    runtimeGeneration: () => fake.generation,
    async writeFile(path: string, data: string | Buffer, mode = 0o600) {
      const text = data.toString();
      if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      if (fake.failNext) {
        fake.failNext = false;
        throw new Error("the machine lost the write");
      }
      fake.writes.push({ path, data: text, mode });
      fake.files.set(path, text);
    },
  } as unknown as Machine;
  return { fake, machine };
}

const tokens = (data: string): RuntimeFile => ({ path: "/run/guilds/a/git/tokens", data, mode: 0o600 });
const helper: RuntimeFile = { path: "/run/guilds/a/git/helper", data: "#!/bin/bash\n", mode: 0o600 };

describe("writeRuntimeFiles", () => {
  test("writes each file once while nothing changes", async () => {
    const { fake, machine } = fakeMachine();
    await writeRuntimeFiles(machine, [tokens("one"), helper]);
    await writeRuntimeFiles(machine, [tokens("one"), helper]);
    await writeRuntimeFiles(machine, [tokens("one"), helper]);
    expect(fake.writes.map((write) => write.path)).toEqual([tokens("").path, helper.path]);
  });

  test("writes a file again when its bytes or its mode change, and only that file", async () => {
    const { fake, machine } = fakeMachine();
    await writeRuntimeFiles(machine, [tokens("one"), helper]);
    await writeRuntimeFiles(machine, [tokens("two"), helper]);
    await writeRuntimeFiles(machine, [{ ...tokens("two"), mode: 0o644 }, helper]);
    expect(fake.writes.map((write) => [write.data, write.mode])).toEqual([
      ["one", 0o600],
      ["#!/bin/bash\n", 0o600],
      ["two", 0o600],
      ["two", 0o644],
    ]);
  });

  test("writes everything again after the machine started again, whatever it holds", async () => {
    const { fake, machine } = fakeMachine();
    await writeRuntimeFiles(machine, [tokens("one"), helper]);
    fake.generation = 2;
    await writeRuntimeFiles(machine, [tokens("one"), helper]);
    await writeRuntimeFiles(machine, [tokens("one"), helper]);
    expect(fake.writes).toHaveLength(4);
  });

  test("remembers nothing written while the machine is not running", async () => {
    const { fake, machine } = fakeMachine();
    fake.generation = null;
    await writeRuntimeFiles(machine, [tokens("one")]);
    await writeRuntimeFiles(machine, [tokens("one")]);
    expect(fake.writes).toHaveLength(2);
  });

  test("a write that failed is made by the next call", async () => {
    const { fake, machine } = fakeMachine();
    await writeRuntimeFiles(machine, [tokens("one")]);
    fake.failNext = true;
    await expect(writeRuntimeFiles(machine, [tokens("two")])).rejects.toThrow(/lost the write/);
    await writeRuntimeFiles(machine, [tokens("two")]);
    expect(fake.files.get(tokens("").path)).toBe("two");
    await writeRuntimeFiles(machine, [tokens("one")]);
    expect(fake.writes.map((write) => write.data)).toEqual(["one", "two", "one"]);
  });

  test("concurrent refreshes leave the file with the last one asked for, and remembered as such", async () => {
    const { fake, machine } = fakeMachine();
    fake.delayMs = 5;
    await Promise.all([
      writeRuntimeFiles(machine, [tokens("one")]),
      writeRuntimeFiles(machine, [tokens("two")]),
      writeRuntimeFiles(machine, [tokens("one")]),
    ]);
    expect(fake.files.get(tokens("").path)).toBe("one");
    await writeRuntimeFiles(machine, [tokens("two")]);
    expect(fake.files.get(tokens("").path)).toBe("two");
    expect(fake.writes.map((write) => write.data)).toEqual(["one", "two", "one", "two"]);
  });

  test("each machine has its own memory", async () => {
    const first = fakeMachine();
    const second = fakeMachine();
    await writeRuntimeFiles(first.machine, [tokens("one")]);
    await writeRuntimeFiles(second.machine, [tokens("one")]);
    expect([first.fake.writes.length, second.fake.writes.length]).toEqual([1, 1]);
  });
});
