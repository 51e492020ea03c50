import { Transform, Writable } from "node:stream";
import type { MachineProcess } from "../machine.ts";

/**
 * A long-lived helper session does not hold its machine awake by being open; what goes through it
 * does: each write to its stdin and each chunk it prints calls `touch`.
 */
export function withSessionActivity(child: MachineProcess, touch: () => void): MachineProcess {
  const touching = () =>
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        touch();
        callback(null, chunk);
      },
    });
  const stdout = child.stdout.pipe(touching());
  const stderr = child.stderr.pipe(touching());
  const inner = child.stdin;
  const stdin = inner
    ? new Writable({
        write(chunk: Buffer, _encoding, callback) {
          touch();
          inner.write(chunk, callback);
        },
        final(callback) {
          inner.end(callback);
        },
      })
    : null;
  return { stdin, stdout, stderr, exit: child.exit, kill: (signal) => child.kill(signal) };
}
