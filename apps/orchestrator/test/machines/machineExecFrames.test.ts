import {
  encodeFrame,
  encodeJsonFrame,
  Frame,
  FrameReader,
  MAX_FRAME_BYTES,
} from "@guilds/protocol/machineExec";
import { describe, expect, test } from "vitest";

describe("machine exec frames", () => {
  test("come out whole however the stream cuts them", () => {
    const bytes = Buffer.concat([
      encodeJsonFrame(Frame.start, { argv: ["true"] }),
      encodeFrame(Frame.stdin, Buffer.from("data")),
      encodeFrame(Frame.stdinEnd),
    ]);
    const reader = new FrameReader();
    const frames = [...bytes].flatMap((byte) => reader.push(Buffer.from([byte])));
    expect(frames.map((frame) => [frame.type, frame.payload.toString()])).toEqual([
      [Frame.start, '{"argv":["true"]}'],
      [Frame.stdin, "data"],
      [Frame.stdinEnd, ""],
    ]);
  });

  test("refuse a frame past the limit", () => {
    const header = Buffer.alloc(5);
    header.writeUInt8(Frame.stdout, 0);
    header.writeUInt32BE(MAX_FRAME_BYTES + 1, 1);
    expect(() => new FrameReader().push(header)).toThrow(/past the limit/);
  });
});
