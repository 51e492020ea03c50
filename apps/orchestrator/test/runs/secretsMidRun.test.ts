import { afterEach, expect, test } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { openStore } from "../../src/store/store.ts";
import { createRunHarness, finishedTools, type RunHarness, runToEnd } from "./runFixture.ts";

let harness: RunHarness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const AGENT_SECRET = "alpha-7781-secret";
const GUILD_SECRET = "beta-9923-secret";
const PRINT_BOTH = `echo ${AGENT_SECRET} ${GUILD_SECRET}; printenv GUILD_TOKEN | wc -c`;

// A run reads its context again only when the store's context version moved: a secret set while it
// works, by this server or by another process on the same database (the CLI), is redacted from the
// next generation's results on, and is in its commands' environment.
test("a secret set mid-run, in this process or another, is redacted from the next generation's result", async () => {
  let generations = 0;
  harness = await createRunHarness({
    script: {
      steps: [1, 2, 3].map(() => ({
        type: "reply",
        tool_calls: [{ name: "shell", args: { command: PRINT_BOTH } }],
      })),
    },
    wrapProvider: (provider, store) => ({
      ...provider,
      async *generate(input) {
        generations += 1;
        const { agent, home, guild } = harness ?? ({} as RunHarness);
        if (generations === 1) {
          await store.secrets.set(
            { scope: "agent", agentId: agent.id },
            { name: "AGENT_TOKEN", value: AGENT_SECRET },
          );
        }
        if (generations === 2) {
          const otherProcess = await openStore(loadConfig({ GUILDS_HOME: home }));
          await otherProcess.secrets.set(
            { scope: "guild", guildId: guild.id },
            { name: "GUILD_TOKEN", value: GUILD_SECRET },
          );
          await otherProcess.close();
        }
        yield* provider.generate(input);
      },
    }),
  });
  const { events } = await runToEnd(harness, "Print them.");
  expect(finishedTools(events).map((finished) => finished.result)).toEqual([
    `${AGENT_SECRET} ${GUILD_SECRET}\n0\n\nremaining_tool_calls: 99`,
    `[redacted] ${GUILD_SECRET}\n0\n\nremaining_tool_calls: 98`,
    `[redacted] [redacted]\n${GUILD_SECRET.length + 1}\n\nremaining_tool_calls: 97`,
  ]);
});
