import { expect } from "vitest";
import { test } from "../support/helperFixture.ts";
import { startServe } from "../support/helperProcess.ts";

test("a 4 MiB answer, the input ended right after its request: it comes whole before serve exits", async ({
  helper,
}) => {
  const serve = startServe(helper);
  // No op answers with more than 64 KiB of text; an unknown op's error names the op, however long.
  const op = `op_${"x".repeat(3_300_000)}`;
  serve.send("1", op, {});
  serve.process.stdin?.end();
  expect(await serve.exit).toEqual({ code: 0, signal: null });
  const answer = await serve.answer("1");
  expect(answer.ok || answer.error).toMatchObject({ code: "op.unknown" });
  expect(answer.ok || answer.error.message).toContain(`no op "${op}"`);
});
