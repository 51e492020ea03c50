import type { Guild, Run, Secret } from "@guilds/client/apiTypes";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, test } from "vitest";
import { queryKeys } from "../src/api/resourceQueries.ts";
import { Layout } from "../src/app/Layout.tsx";
import { RunsList } from "../src/features/agent/settings/RunsList.tsx";
import { StartRunForm } from "../src/features/agent/settings/StartRunForm.tsx";
import { SignInPage } from "../src/features/auth/SignInPage.tsx";
import { AgentsPanel } from "../src/features/guilds/AgentsPanel.tsx";
import { GuildsPage } from "../src/features/guilds/GuildsPage.tsx";
import { AgentSettingsFields } from "../src/ui/AgentSettingsFields.tsx";
import { emptyAgentForm } from "../src/ui/agentSettingsForm.ts";
import { DeletionNotice } from "../src/ui/DeletionNotice.tsx";
import { SecretsPanel } from "../src/ui/SecretsPanel.tsx";
import { agentView } from "./agentViews.ts";

const at = "2026-03-01T10:00:00.000Z";
const guild: Guild = { id: "g_1", name: "acme", created_at: at };
const agent = agentView({
  harness: "codex",
  harness_effort: "high",
  model: { provider: "anthropic", name: "claude-sonnet-4-5", base_url: null },
  created_at: at,
  updated_at: at,
});
const run: Run = {
  id: "run_01abcdefgh0123456789",
  guild_id: "g_1",
  agent_id: "ag_1",
  title: "Fix the build",
  status: "failed",
  status_reason: "provider.auth: no key",
  metadata: {},
  tool_calls_used: 3,
  usage: { input_tokens: 0, output_tokens: 0, cached_tokens: 0 },
  cost_usd: null,
  created_at: at,
  updated_at: at,
  ended_at: "2026-03-01T10:00:42.000Z",
};

/** Markup as the server renders it, with the given answers already cached. */
function render(node: ReactNode, { path = "/", cache = [] as [readonly unknown[], unknown][] } = {}): string {
  const client = new QueryClient();
  for (const [key, data] of cache) client.setQueryData(key, data);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const textOf = (html: string) => html.replace(/<[^>]+>/g, "");

/** The id a <label> names, and the control carrying it. */
function labelledControl(html: string, label: string): string {
  const match = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}(?:<|$)`).exec(html);
  if (match === null) throw new Error(`no label ${label}`);
  const control = new RegExp(`<(input|textarea|select)[^>]*id="${match[1]}"[^>]*>`).exec(html);
  if (control === null) throw new Error(`no control for ${label}`);
  return control[0];
}

describe("sign in", () => {
  test("explains the command, labels the token field, offers Sign in", () => {
    const html = renderToStaticMarkup(<SignInPage onSignedIn={() => {}} />);
    expect(textOf(html)).toContain("npx guilds token create &lt;name&gt;");
    expect(labelledControl(html, "Operator token")).toMatch(/type="password"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Sign in<\/button>/);
  });
});

describe("layout", () => {
  test("skip link, brand, breadcrumbs from a run up to its guild, Sign out", () => {
    const html = render(
      <Routes>
        <Route element={<Layout onSignOut={() => {}} />}>
          <Route path="runs/:runId" element={<p>the run</p>} />
        </Route>
      </Routes>,
      {
        path: `/runs/${run.id}`,
        cache: [
          [queryKeys.run(run.id), run],
          [queryKeys.agent("ag_1"), agent],
          [queryKeys.guild("g_1"), guild],
        ],
      },
    );
    expect(html).toContain('<a class="layout-skip-link" href="#main">Skip to main content</a>');
    expect(html).toContain('<main id="main"');
    const crumbs = /<nav aria-label="Breadcrumb"[^>]*>(.*?)<\/nav>/.exec(html)?.[1] ?? "";
    expect([...crumbs.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]])).toEqual(
      [
        ["/", "Guilds"],
        ["/guilds/g_1", "acme"],
        ["/agents/ag_1", "builder"],
        [`/runs/${run.id}`, "Fix the build"],
      ],
    );
    expect(crumbs).toMatch(/aria-current="page"[^>]*>Fix the build/);
    expect(textOf(html)).toContain("Sign out");
    expect(textOf(html)).toContain("the run");
  });
});

describe("guilds", () => {
  test("the list links each guild and offers to delete it; the empty list says what to do", () => {
    const html = render(<GuildsPage />, { cache: [[queryKeys.guilds, [guild]]] });
    expect(html).toMatch(/<a[^>]*href="\/guilds\/g_1"[^>]*>acme<\/a>/);
    expect(html).toContain('aria-label="Delete the guild acme"');
    expect(labelledControl(html, "Guild name")).toMatch(/<input/);
    const empty = render(<GuildsPage />, { cache: [[queryKeys.guilds, []]] });
    expect(textOf(empty)).toContain("No guilds yet: create the first one below.");
  });

  test("agents: cards with their model and harness, or the empty state", () => {
    const html = render(<AgentsPanel guildId="g_1" />, { cache: [[queryKeys.agents("g_1"), [agent]]] });
    expect(html).toMatch(/<a[^>]*href="\/agents\/ag_1"[^>]*>builder<\/a>/);
    expect(textOf(html)).toContain("anthropic · claude-sonnet-4-5");
    expect(textOf(html)).toContain("Codex · high");
    const empty = render(<AgentsPanel guildId="g_1" />, { cache: [[queryKeys.agents("g_1"), []]] });
    expect(textOf(empty)).toContain("No agents yet: create one below.");
  });
});

describe("agent settings fields", () => {
  test("each provider shows the fields it takes", () => {
    const onChange = () => {};
    const anthropic = renderToStaticMarkup(
      <AgentSettingsFields values={emptyAgentForm()} errors={{}} onChange={onChange} />,
    );
    for (const label of ["Name", "Provider", "Model name", "Harness", "Coding", "Max tool calls"]) {
      expect(() => labelledControl(anthropic, label)).not.toThrow();
    }
    expect(anthropic).not.toContain("Script (JSON)");
    expect(anthropic).not.toContain("Harness model");
    const compatible = renderToStaticMarkup(
      <AgentSettingsFields
        values={{ ...emptyAgentForm(), provider: "openai-compatible", harness: "claude" }}
        errors={{ baseUrl: "An OpenAI-compatible server needs its base URL." }}
        onChange={onChange}
      />,
    );
    expect(labelledControl(compatible, "Base URL")).toContain('aria-invalid="true"');
    expect(textOf(compatible)).toContain("An OpenAI-compatible server needs its base URL.");
    expect(() => labelledControl(compatible, "Harness model")).not.toThrow();
    const scripted = renderToStaticMarkup(
      <AgentSettingsFields
        values={{ ...emptyAgentForm(), provider: "scripted" }}
        errors={{}}
        onChange={onChange}
      />,
    );
    expect(labelledControl(scripted, "Script \\(JSON\\)")).toMatch(/^<textarea/);
    expect(scripted).not.toContain("Base URL");
  });
});

describe("agent page", () => {
  test("a Message textarea and a Start run button", () => {
    const html = render(<StartRunForm agentId="ag_1" coding />);
    expect(labelledControl(html, "Message")).toMatch(/^<textarea/);
    expect(html).toMatch(/<button type="submit"[^>]*>Start run<\/button>/);
  });

  test("runs: status, link, tool calls", () => {
    const html = render(<RunsList agentId="ag_1" maxToolCalls={100} />, {
      cache: [
        [
          queryKeys.agentRuns("ag_1"),
          { pages: [{ runs: [run], next_cursor: null }], pageParams: [undefined] },
        ],
      ],
    });
    expect(html).toContain('class="run-status-badge run-status-failed"');
    expect(html).toMatch(/<a[^>]*href="\/runs\/run_01abcdefgh0123456789"[^>]*>Fix the build<\/a>/);
    expect(textOf(html)).toContain("3 of 100 tool calls");
    expect(textOf(html)).toContain("provider.auth: no key");
    const empty = render(<RunsList agentId="ag_1" maxToolCalls={100} />, {
      cache: [
        [queryKeys.agentRuns("ag_1"), { pages: [{ runs: [], next_cursor: null }], pageParams: [undefined] }],
      ],
    });
    expect(textOf(empty)).toContain("No runs yet");
    expect(textOf(html)).not.toContain("Show older runs");
    const paged = render(<RunsList agentId="ag_1" maxToolCalls={100} />, {
      cache: [
        [
          queryKeys.agentRuns("ag_1"),
          { pages: [{ runs: [run], next_cursor: "b2xkZXI" }], pageParams: [undefined] },
        ],
      ],
    });
    expect(paged).toMatch(/<button[^>]*>Show older runs<\/button>/);
  });
});

describe("secrets", () => {
  test("names, aliases and a write-only value field; never a value", () => {
    const secret: Secret = {
      id: "sec_1",
      scope: "agent",
      guild_id: "g_1",
      agent_id: "ag_1",
      name: "GITHUB_TOKEN",
      aliases: ["GH_TOKEN"],
      created_at: at,
      updated_at: at,
    };
    const html = render(<SecretsPanel owner="agent" ownerId="ag_1" />, {
      cache: [[queryKeys.secrets("agent", "ag_1"), [secret]]],
    });
    expect(textOf(html)).toContain("GITHUB_TOKEN");
    expect(textOf(html)).toContain("GH_TOKEN");
    expect(labelledControl(html, "Value")).toMatch(/type="password"/);
    expect(html).toContain('aria-label="Delete the secret GITHUB_TOKEN"');
    const empty = render(<SecretsPanel owner="guild" ownerId="g_1" />, {
      cache: [[queryKeys.secrets("guild", "g_1"), []]],
    });
    expect(textOf(empty)).toContain("No secrets yet: set one below.");
  });
});

describe("deletion notice", () => {
  test("what went with it and what was kept", () => {
    const html = renderToStaticMarkup(
      <DeletionNotice
        deletion={{
          deleted: "agent",
          id: "ag_1",
          name: "builder",
          removed: ["2 runs (their messages)", "1 secret (A)"],
          kept: ["its machine folder /x: the server is running"],
        }}
        onDismiss={() => {}}
      />,
    );
    expect(textOf(html)).toContain("Deleted the agent builder with 2 runs (their messages), 1 secret (A).");
    expect(textOf(html)).toContain("Kept its machine folder /x: the server is running.");
  });
});
