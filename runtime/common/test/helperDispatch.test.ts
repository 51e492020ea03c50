// What an op's fault looks like on the wire: a GuildsError keeps its code and message in the
// envelope's error; anything else is the helper's own failure, helper.internal.
import { GuildsError } from "@guilds/protocol/guildsError";
import { describe, expect, test } from "vitest";
import { dispatchHelperRequest, type HelperOp } from "../src/helperDispatch.ts";

const OPS: Record<string, HelperOp<null>> = {
  echo: async (args) => ({ text: String(args), meta: {} }),
  refuse: async () => {
    throw new GuildsError("repo.missing", "There is no repository repos/app in the agent's home.");
  },
  crash: async () => {
    throw new TypeError("x is undefined");
  },
};

function request(op: string) {
  return { op, args: "hi", run_id: "r1", agent_id: "a1", call_id: "c1", cwd: "", max_bytes: 4096 };
}

const dispatch = (raw: unknown) => dispatchHelperRequest("guilds-test", OPS, raw, () => null);

describe("dispatchHelperRequest", () => {
  test("an op's answer is an ok envelope", async () => {
    expect(await dispatch(request("echo"))).toEqual({ ok: true, text: "hi", meta: {} });
  });

  test("a GuildsError inside an op is the envelope's { code, message }", async () => {
    expect(await dispatch(request("refuse"))).toEqual({
      ok: false,
      error: { code: "repo.missing", message: "There is no repository repos/app in the agent's home." },
    });
  });

  test("any other throw is helper.internal, naming the helper and the op", async () => {
    expect(await dispatch(request("crash"))).toEqual({
      ok: false,
      error: { code: "helper.internal", message: "guilds-test failed inside crash: x is undefined" },
    });
  });

  test("an op it does not have is op.unknown; a malformed request is request.invalid", async () => {
    expect(await dispatch(request("nope"))).toEqual({
      ok: false,
      error: { code: "op.unknown", message: 'guilds-test has no op "nope"; it knows echo, refuse, crash.' },
    });
    const malformed = await dispatch({ op: "echo" });
    expect(malformed.ok).toBe(false);
    expect(malformed.ok ? undefined : malformed.error.code).toBe("request.invalid");
  });
});
