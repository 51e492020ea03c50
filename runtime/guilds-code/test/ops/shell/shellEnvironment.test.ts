import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect } from "vitest";
import { RG_DIR, TRANSPORTS, test } from "../../support/helperFixture.ts";
import { callDirect, resultOf, run } from "../../support/shellSupport.ts";

const REQUEST = {
  env: { API_KEY: "key-1", PORT: "4100", GUILDS_PORTS: "4100-4109" },
  repo_tokens: { app: "token-app", web: "token-web" },
};

/** `env` as name=value lines, sorted, without what bash itself adds (PWD, SHLVL, _, OLDPWD). */
const PRINT_ENVIRONMENT = "env | grep -vE '^(PWD|SHLVL|_|OLDPWD)=' | sort";

describe.each(TRANSPORTS)("the environment of a shell command (%s)", (transport) => {
  test.override({ transport });
  test("is built explicitly: the page's variables, the secrets and the port block, nothing else", async ({
    helper,
  }) => {
    const { envelope } = await callDirect(
      helper,
      "shell",
      { command: PRINT_ENVIRONMENT },
      {
        request: REQUEST,
        // The helper's own environment must never reach a command.
        environment: { GUILDS_HELPER_ONLY: "leak", NODE_EXTRA_CA_CERTS: "/dev/null" },
      },
    );
    expect(resultOf(envelope).text).toBe(
      [
        "API_KEY=key-1",
        "DEBIAN_FRONTEND=noninteractive",
        "GIT_PAGER=cat",
        "GIT_TERMINAL_PROMPT=0",
        "GUILDS_PORTS=4100-4109",
        "GUILD_AGENT_ID=agent1",
        "GUILD_RUN_ID=run1",
        `HOME=${helper.home}`,
        "LANG=C.UTF-8",
        "NO_COLOR=1",
        "PAGER=cat",
        `PATH=${RG_DIR}:/usr/local/bin:/usr/bin:/bin`,
        "PORT=4100",
        "TERM=dumb",
      ].join("\n"),
    );
  });

  test("GH_TOKEN is the token of the repository holding the working directory", async ({ helper }) => {
    mkdirSync(path.join(helper.home, "repos/app/src"), { recursive: true });
    mkdirSync(path.join(helper.home, "repos/notoken"), { recursive: true });
    const token = "printenv GH_TOKEN || echo unset";
    expect((await run(helper, "shell", { command: token }, REQUEST)).text).toBe("unset");
    await run(helper, "shell", { command: "cd repos/app/src" }, REQUEST);
    expect((await run(helper, "shell", { command: token }, REQUEST)).text).toBe("token-app");
    await run(helper, "shell", { command: "cd ~/repos/notoken" }, REQUEST);
    expect((await run(helper, "shell", { command: token }, REQUEST)).text).toBe("unset");
    await run(helper, "shell", { command: "cd ~/repos" }, REQUEST);
    expect((await run(helper, "shell", { command: token }, REQUEST)).text).toBe("unset");
  });

  test("scripts the command runs do not inherit the helper's startup file", async ({ helper }) => {
    const result = await run(helper, "shell", {
      command: "bash -c 'printenv BASH_ENV || echo unset; cd /; exit 0'; pwd",
    });
    expect(result.text).toBe(`unset\n${helper.home}`);
  });
});
