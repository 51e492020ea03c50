import { existsSync } from "node:fs";
import { connect, type Socket } from "node:net";
import path from "node:path";
import { decodeBase64Json } from "@guilds/protocol/base64Json";
import { Envelope } from "@guilds/protocol/envelope";
import { expect } from "vitest";
import { test } from "../support/helperFixture.ts";
import { encodedRequest, startServe } from "../support/helperProcess.ts";
import { resultOf } from "../support/shellSupport.ts";

/** A connection to serve's socket and the lines it got, the greeting first. */
async function connectLines(socketPath: string): Promise<{ socket: Socket; lines: string[] }> {
  await expect.poll(() => existsSync(socketPath), { timeout: 10_000 }).toBe(true);
  const socket = connect(socketPath);
  const lines: string[] = [];
  let buffered = "";
  socket.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    for (let newline = buffered.indexOf("\n"); newline !== -1; newline = buffered.indexOf("\n")) {
      lines.push(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
    }
  });
  await new Promise((resolve) => socket.once("connect", resolve));
  return { socket, lines };
}

function envelopeOf(line: string): Envelope {
  return Envelope.parse(decodeBase64Json(line.slice(line.indexOf(" ") + 1)));
}

test("serve's socket greets, answers a request on its connection, and on stdout once that closed", async ({
  helper,
}) => {
  const socketPath = path.join(helper.runtimeDir, "serve.sock");
  const serve = startServe(helper, ["--socket", socketPath, "hello-1234"]);
  const { socket, lines } = await connectLines(socketPath);
  await expect.poll(() => lines[0]).toBe("hello-1234");

  socket.write(`1 ${encodedRequest("shell", { command: "echo over the socket" })}\n`);
  await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(2);
  expect(lines[1]?.startsWith("1 ")).toBe(true);
  expect(resultOf(envelopeOf(lines[1] ?? "")).text).toBe("over the socket");

  socket.write(`2 ${encodedRequest("shell", { command: "sleep 0.5; echo after its connection closed" })}\n`);
  socket.end();
  expect(resultOf(await serve.answer("2")).text).toBe("after its connection closed");
  expect(serve.answeredIds()).toEqual(["2"]);

  serve.process.stdin?.end();
  expect(await serve.exit).toEqual({ code: 0, signal: null });
  expect(existsSync(socketPath)).toBe(false);
});
