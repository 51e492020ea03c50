import { CreateAgentBody, UpdateAgentBody } from "@guilds/protocol/apiRequests";
import { describe, expect, test } from "vitest";
import {
  type AgentFormValues,
  agentFormOf,
  buildCreateAgentBody,
  buildUpdateAgentBody,
  EXAMPLE_SCRIPT,
  emptyAgentForm,
  parseScriptText,
  validateAgentForm,
} from "../src/ui/agentSettingsForm.ts";
import { agentView } from "./agentViews.ts";

const form = (patch: Partial<AgentFormValues>): AgentFormValues => ({ ...emptyAgentForm(), ...patch });

const anAgent = agentView({
  harness: "claude",
  harness_model: "opus",
  harness_effort: "high",
  model: { provider: "openai-compatible", name: "qwen3:8b", base_url: "http://127.0.0.1:8080/v1" },
  max_tool_calls: 40,
  idle_stop_minutes: 15,
});

describe("buildCreateAgentBody", () => {
  test("an Anthropic agent without a harness: trimmed fields, nulls for the harness, numbers", () => {
    const outcome = buildCreateAgentBody(
      form({ name: "  reviewer ", modelName: " claude-sonnet-4-5 ", harnessModel: "ignored" }),
    );
    expect(outcome).toEqual({
      ok: true,
      body: {
        name: "reviewer",
        model: { provider: "anthropic", name: "claude-sonnet-4-5", base_url: null },
        harness: null,
        harness_model: null,
        harness_effort: null,
        coding: true,
        max_tool_calls: 100,
        idle_stop_minutes: 30,
        limits: { pids: null, memory: null, cpus: null, disk: null },
      },
    });
  });

  test("a harness with its model and effort; blank ones are null (the CLI's default)", () => {
    const withAll = buildCreateAgentBody(
      form({
        name: "a",
        modelName: "gpt-5",
        provider: "openai",
        harness: "codex",
        harnessModel: "gpt-5-codex",
        harnessEffort: "high",
      }),
    );
    expect(withAll.ok && withAll.body).toMatchObject({
      harness: "codex",
      harness_model: "gpt-5-codex",
      harness_effort: "high",
    });
    const blank = buildCreateAgentBody(
      form({ name: "a", modelName: "m", harness: "gemini", harnessEffort: "  " }),
    );
    expect(blank.ok && blank.body).toMatchObject({
      harness: "gemini",
      harness_model: null,
      harness_effort: null,
    });
  });

  test("an OpenAI-compatible server needs its base URL, an http(s) one", () => {
    const missing = buildCreateAgentBody(
      form({ name: "a", provider: "openai-compatible", modelName: "qwen3:8b" }),
    );
    expect(missing).toEqual({
      ok: false,
      errors: {
        baseUrl: "An OpenAI-compatible server needs its base URL, such as http://127.0.0.1:8080/v1.",
      },
    });
    const notUrl = validateAgentForm(
      form({ name: "a", provider: "openai-compatible", modelName: "m", baseUrl: "localhost:8080" }),
    );
    expect(notUrl.baseUrl).toMatch(/http:\/\/ or https:\/\//);
    const ftp = validateAgentForm(
      form({ name: "a", provider: "openai", modelName: "m", baseUrl: "ftp://host/v1" }),
    );
    expect(ftp.baseUrl).toBe("The base URL must start with http:// or https:// (got ftp://…).");
    const ok = buildCreateAgentBody(
      form({
        name: "a",
        provider: "openai-compatible",
        modelName: "m",
        baseUrl: " http://127.0.0.1:11434/v1 ",
      }),
    );
    expect(ok.ok && ok.body.model).toEqual({
      provider: "openai-compatible",
      name: "m",
      base_url: "http://127.0.0.1:11434/v1",
    });
  });

  test("every missing or out-of-range field is named at once", () => {
    const errors = validateAgentForm(
      form({ name: " ", modelName: "", maxToolCalls: "0", idleStopMinutes: "2.5" }),
    );
    expect(errors).toEqual({
      name: "Give the agent a name.",
      modelName: "Name the model the provider should run, such as claude-sonnet-4-5.",
      maxToolCalls: "Max tool calls must be a whole number from 1 to 10000.",
      idleStopMinutes: "The idle stop must be a whole number of minutes from 1 to 1440.",
    });
    expect(
      validateAgentForm(form({ name: "a", modelName: "m", maxToolCalls: "10001" })).maxToolCalls,
    ).toBeDefined();
    expect(validateAgentForm(form({ name: "x".repeat(101), modelName: "m" })).name).toBe(
      "An agent's name is at most 100 characters (this one has 101).",
    );
  });

  test("a scripted agent sends its script parsed; bad JSON is refused with the parser's reason", () => {
    const outcome = buildCreateAgentBody(
      form({ name: "demo", provider: "scripted", modelName: "scripted", script: EXAMPLE_SCRIPT }),
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.body.model).toEqual({ provider: "scripted", name: "scripted", base_url: null });
    expect(outcome.body.script).toEqual(JSON.parse(EXAMPLE_SCRIPT));

    const broken = validateAgentForm(
      form({ name: "demo", provider: "scripted", modelName: "s", script: '{"steps": [' }),
    );
    expect(broken.script).toMatch(/^The script is not valid JSON: .+\.$/);
    const empty = validateAgentForm(form({ name: "demo", provider: "scripted", modelName: "s" }));
    expect(empty.script).toMatch(/^A scripted agent replays a script/);
  });

  test("a script must be an object with a steps list", () => {
    expect(parseScriptText("[]")).toEqual({
      ok: false,
      error: 'The script must be a JSON object with a "steps" list: { "steps": [ … ] }.',
    });
    expect(parseScriptText('{"final_text": "x"}').ok).toBe(false);
    expect(parseScriptText('{"steps": []}')).toEqual({ ok: true, script: { steps: [] } });
  });

  test("another provider's form ignores a script left in the textarea", () => {
    const outcome = buildCreateAgentBody(form({ name: "a", modelName: "m", script: "not json" }));
    expect(outcome.ok && "script" in outcome.body).toBe(false);
  });
});

describe("the settings form", () => {
  test("starts from the agent and, unchanged, sends back the same settings", () => {
    const values = agentFormOf(anAgent);
    expect(values).toMatchObject({
      harness: "claude",
      maxToolCalls: "40",
      baseUrl: "http://127.0.0.1:8080/v1",
      script: "",
    });
    expect(buildUpdateAgentBody(values)).toEqual({
      ok: true,
      body: {
        name: "builder",
        model: { provider: "openai-compatible", name: "qwen3:8b", base_url: "http://127.0.0.1:8080/v1" },
        harness: "claude",
        harness_model: "opus",
        harness_effort: "high",
        coding: true,
        max_tool_calls: 40,
        idle_stop_minutes: 15,
        limits: { pids: null, memory: null, cpus: null, disk: null },
      },
    });
  });

  test("turning the harness off clears its model and effort; clearing the base URL sends null", () => {
    const values = {
      ...agentFormOf(anAgent),
      provider: "openai" as const,
      baseUrl: "",
      harness: "" as const,
    };
    const outcome = buildUpdateAgentBody(values);
    expect(outcome.ok && outcome.body).toMatchObject({
      model: { provider: "openai", base_url: null },
      harness: null,
      harness_model: null,
      harness_effort: null,
    });
  });

  test("a scripted agent's script shows as indented JSON", () => {
    const script = {
      steps: [{ type: "reply" as const, text: "hi", tool_calls: [], delay_ms: 0 }],
      final_text: "Done.",
    };
    expect(
      agentFormOf({ ...anAgent, model: { provider: "scripted", name: "s", base_url: null }, script }).script,
    ).toBe(JSON.stringify(script, null, 2));
  });
});

describe("the bodies pass the protocol's schemas, the ones the server validates with", () => {
  const bodyOf = <Body>(outcome: { ok: true; body: Body } | { ok: false }): Body => {
    if (!outcome.ok) throw new Error("the form refused its values");
    return outcome.body;
  };

  test("a create body with a harness, limits and a base URL passes CreateAgentBody", () => {
    const body = bodyOf(
      buildCreateAgentBody(
        form({
          name: "reviewer",
          provider: "openai-compatible",
          modelName: "qwen3:8b",
          baseUrl: "http://127.0.0.1:8080/v1",
          harness: "codex",
          harnessModel: "gpt-5-codex",
          memory: "512M",
          pids: "64",
          cpus: "0.5",
          disk: "20G",
        }),
      ),
    );
    expect(CreateAgentBody.safeParse(body).error).toBeUndefined();
  });

  test("a scripted agent's body, with the example script, passes CreateAgentBody", () => {
    const body = bodyOf(
      buildCreateAgentBody(
        form({ name: "demo", provider: "scripted", modelName: "scripted", script: EXAMPLE_SCRIPT }),
      ),
    );
    expect(CreateAgentBody.safeParse(body).error).toBeUndefined();
  });

  test("an update body of an agent's current settings passes UpdateAgentBody", () => {
    const agent = agentView({
      model: { provider: "anthropic", name: "claude-sonnet-4-5", base_url: null },
      harness: "claude",
      harness_effort: "high",
      limits: { pids: 64, memory_bytes: 512 * 1024 ** 2, cpus: null, disk_bytes: null },
    });
    expect(UpdateAgentBody.safeParse(bodyOf(buildUpdateAgentBody(agentFormOf(agent)))).error).toBeUndefined();
  });
});
