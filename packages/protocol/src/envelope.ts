import { z } from "zod";

/** A fault of ours, with a stable code (`helper.failed`, `args.invalid`, ...) and a message that says how to fix it. */
export const HelperError = z.object({ code: z.string(), message: z.string() });
export type HelperError = z.infer<typeof HelperError>;

/** The helper's answer: text already shaped to the cap, and meta that becomes the call's metadata. */
export const Envelope = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), text: z.string(), meta: z.record(z.string(), z.unknown()) }),
  z.object({ ok: z.literal(false), error: HelperError }),
]);
export type Envelope = z.infer<typeof Envelope>;
