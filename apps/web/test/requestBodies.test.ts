// What the forms send passes the protocol's request schemas, the ones the server validates with:
// the contract the hand-copied body types only claimed.

import {
  CreateAgentBody,
  CreateGuildBody,
  CreateRepositoryBody,
  MessageBody,
  SetSecretBody,
  UpdateAgentBody,
} from "@guilds/protocol/apiRequests";
import { describe, expect, test } from "vitest";
import { buildRepositoryBody, emptyRepositoryForm } from "../src/features/guilds/repositoryForm.ts";
import {
  type AgentFormValues,
  agentFormOf,
  buildCreateAgentBody,
  buildUpdateAgentBody,
  EXAMPLE_SCRIPT,
  emptyAgentForm,
} from "../src/ui/agentSettingsForm.ts";
import { buildSetSecretRequest } from "../src/ui/secretForm.ts";
import { agentView } from "./agentViews.ts";

const agentForm = (patch: Partial<AgentFormValues>): AgentFormValues => ({ ...emptyAgentForm(), ...patch });

function bodyOf<Body>(outcome: { ok: true; body: Body } | { ok: false }): Body {
  if (!outcome.ok) throw new Error("the form refused its values");
  return outcome.body;
}

describe("the agent forms' bodies", () => {
  test("a create body with a harness, limits and a base URL passes CreateAgentBody", () => {
    const body = bodyOf(
      buildCreateAgentBody(
        agentForm({
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
        agentForm({ name: "demo", provider: "scripted", modelName: "scripted", script: EXAMPLE_SCRIPT }),
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
    const body = bodyOf(buildUpdateAgentBody(agentFormOf(agent)));
    expect(UpdateAgentBody.safeParse(body).error).toBeUndefined();
  });
});

describe("the other forms' bodies", () => {
  test("a repository by URL with a token, and by local path, pass CreateRepositoryBody", () => {
    const byUrl = bodyOf(
      buildRepositoryBody({ ...emptyRepositoryForm(), name: "shop", url: "https://x/shop.git", token: "t" }),
    );
    const local = bodyOf(
      buildRepositoryBody({
        ...emptyRepositoryForm(),
        name: "shop",
        source: "local",
        localPath: "/srv/shop",
      }),
    );
    expect(CreateRepositoryBody.safeParse(byUrl).error).toBeUndefined();
    expect(CreateRepositoryBody.safeParse(local).error).toBeUndefined();
  });

  test("a secret's body passes SetSecretBody", () => {
    const outcome = buildSetSecretRequest({ name: "GITHUB_TOKEN", value: "s3cret", aliases: "GH_TOKEN" });
    if (!outcome.ok) throw new Error("the form refused its values");
    expect(SetSecretBody.safeParse(outcome.request.body).error).toBeUndefined();
  });

  test("a guild's and a message's bodies are the schemas' single fields", () => {
    expect(CreateGuildBody.safeParse({ name: "acme" }).error).toBeUndefined();
    expect(MessageBody.safeParse({ message: "Fix the build." }).error).toBeUndefined();
  });
});
