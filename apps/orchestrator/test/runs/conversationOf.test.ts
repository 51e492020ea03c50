import { describe, expect, test } from "vitest";
import {
  conversationBuilder,
  conversationOf,
  INTERRUPTED_CALL_RESULT,
  unansweredToolCalls,
} from "../../src/runs/messageContent.ts";
import type { Message } from "../../src/store/messageStore.ts";

let seq = 0;
function message(role: Message["role"], content: Message["content"]): Message {
  seq += 1;
  return { id: `m${seq}`, runId: "run1", seq, role, content, createdAt: "2026-11-30T00:00:00Z" };
}

describe("conversationOf", () => {
  test("replays operator text, assistant tool calls and their results in order", () => {
    const conversation = conversationOf([
      message("operator", { text: "hi" }),
      message("assistant", {
        text: "",
        tool_calls: [{ id: "c1", name: "shell", arguments: '{"command":"ls"}' }],
      }),
      message("tool", { tool_call_id: "c1", name: "shell", text: "a.txt" }),
    ]);
    expect(conversation).toEqual([
      { role: "operator", text: "hi" },
      { role: "assistant", text: "", toolCalls: [{ id: "c1", name: "shell", args: '{"command":"ls"}' }] },
      { role: "tool", id: "c1", name: "shell", text: "a.txt" },
    ]);
  });

  test("a call the server never finished gets a result saying so, before the conversation goes on", () => {
    const calls = [
      { id: "c1", name: "shell", arguments: '{"command":"echo before"}' },
      { id: "c2", name: "shell", arguments: '{"command":"sleep 60"}' },
    ];
    const conversation = conversationOf([
      message("operator", { text: "go" }),
      message("assistant", { text: "", tool_calls: calls }),
      message("tool", { tool_call_id: "c1", name: "shell", text: "before" }),
      message("operator", { text: "the server restarted; go on" }),
    ]);
    expect(conversation.slice(2)).toEqual([
      { role: "tool", id: "c1", name: "shell", text: "before" },
      { role: "tool", id: "c2", name: "shell", text: INTERRUPTED_CALL_RESULT },
      { role: "operator", text: "the server restarted; go on" },
    ]);
  });
});

describe("conversationBuilder", () => {
  test("messages added a few at a time give conversationOf of them all, after every addition", () => {
    const calls = [
      { id: "c1", name: "shell", arguments: '{"command":"true"}' },
      { id: "c2", name: "shell", arguments: '{"command":"sleep 60"}' },
    ];
    const messages = [
      message("operator", { text: "go" }),
      message("assistant", { text: "two calls", tool_calls: calls }),
      message("tool", { tool_call_id: "c1", name: "shell", text: "" }),
      message("operator", { text: "the server restarted; go on" }),
      message("assistant", { text: "", tool_calls: [calls[0] as (typeof calls)[0]] }),
      message("tool", { tool_call_id: "c1", name: "shell", text: "again" }),
      message("assistant", { not: "an assistant's content" } as unknown as Message["content"]),
      message("assistant", { text: "done", tool_calls: [] }),
    ];
    const builder = conversationBuilder();
    for (const [from, to] of [
      [0, 2],
      [2, 3],
      [3, 3],
      [3, 6],
      [6, 8],
    ] as const) {
      builder.add(messages.slice(from, to));
      expect(builder.conversation()).toEqual(conversationOf(messages.slice(0, to)));
    }
    expect(builder.conversation()).toHaveLength(8);
  });

  test("each conversation is a new array: a provider's copy does not grow with the next messages", () => {
    const builder = conversationBuilder();
    builder.add([message("operator", { text: "go" })]);
    const first = builder.conversation();
    builder.add([message("assistant", { text: "ok", tool_calls: [] })]);
    expect(first).toEqual([{ role: "operator", text: "go" }]);
    expect(builder.conversation()).toHaveLength(2);
  });
});

describe("unansweredToolCalls", () => {
  const calls = [
    { id: "c1", name: "shell", arguments: "{}" },
    { id: "c2", name: "file_read", arguments: "{}" },
  ];

  test("the last assistant message's calls that have no result, in order", () => {
    expect(
      unansweredToolCalls([
        message("operator", { text: "go" }),
        message("assistant", { text: "", tool_calls: calls }),
        message("tool", { tool_call_id: "c1", name: "shell", text: "done" }),
      ]),
    ).toEqual([calls[1]]);
  });

  test("none once the conversation went on: replay answers those, a stored result would come too late", () => {
    expect(
      unansweredToolCalls([
        message("assistant", { text: "", tool_calls: calls }),
        message("operator", { text: "the server restarted; go on" }),
      ]),
    ).toEqual([]);
  });
});
