import { execFile, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Debian's layout: /usr/lib/postgresql/<major>/bin/{initdb,pg_ctl}. */
const DEBIAN_POSTGRES = "/usr/lib/postgresql";
/** postgres refuses to run as root: as root, the cluster runs as nobody. */
const NOBODY = 65_534;
const SUPERUSER = "guilds";

export type PostgresForTests =
  | { url: string; origin: string; stop(): Promise<void> }
  | { skipReason: string };

/**
 * A PostgreSQL server for the store tests: GUILDS_TEST_DATABASE_URL when set (CI), else a
 * throwaway cluster started here when the server binaries are installed, else a reason to skip.
 * `throwaway`: always a cluster of the test's own (one whose disk the test may fill).
 */
export async function postgresForTests({ throwaway = false } = {}): Promise<PostgresForTests> {
  const given = process.env.GUILDS_TEST_DATABASE_URL?.trim();
  if (given && !throwaway) return { url: given, origin: "GUILDS_TEST_DATABASE_URL", stop: async () => {} };
  const bin = newestServerBin();
  if (bin === undefined) {
    return {
      skipReason: `no PostgreSQL: set GUILDS_TEST_DATABASE_URL, or install the server (apt-get install postgresql) so ${DEBIAN_POSTGRES}/<version>/bin/initdb exists`,
    };
  }
  const asNobody = process.getuid?.() === 0;
  if (asNobody && !existsSync("/usr/bin/setpriv")) {
    return { skipReason: "running as root without setpriv (util-linux) to start PostgreSQL as nobody" };
  }
  try {
    return await startCluster(bin, asNobody);
  } catch (error) {
    return { skipReason: `could not start a throwaway PostgreSQL from ${bin}: ${errorText(error)}` };
  }
}

function newestServerBin(): string | undefined {
  if (!existsSync(DEBIAN_POSTGRES)) return undefined;
  const versions = readdirSync(DEBIAN_POSTGRES)
    .filter((entry) => existsSync(path.join(DEBIAN_POSTGRES, entry, "bin", "initdb")))
    .sort((left, right) => Number(right) - Number(left));
  const newest = versions[0];
  return newest === undefined ? undefined : path.join(DEBIAN_POSTGRES, newest, "bin");
}

async function startCluster(bin: string, asNobody: boolean) {
  const folder = mkdtempSync(path.join(tmpdir(), "guilds-pg-"));
  if (asNobody) chownSync(folder, NOBODY, NOBODY);
  const data = path.join(folder, "data");
  const log = path.join(folder, "server.log");
  const command = (program: string, args: string[]): [string, string[]] =>
    asNobody
      ? [
          "setpriv",
          [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", path.join(bin, program), ...args],
        ]
      : [path.join(bin, program), args];
  const [stopProgram, stopArgs] = command("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
  let started = false;
  const stopNow = () => {
    if (started) spawnSync(stopProgram, stopArgs, { stdio: "ignore" });
    started = false;
    rmSync(folder, { recursive: true, force: true });
  };
  // If the worker exits without afterAll (a crash), the server must not outlive it.
  process.once("exit", stopNow);
  try {
    const [initdb, initdbArgs] = command("initdb", [
      ...["-D", data, "-U", SUPERUSER, "--auth=trust", "--no-locale", "-E", "UTF8", "--no-sync"],
    ]);
    await run(initdb, initdbArgs, { timeout: 60_000 });
    // Unix socket only, in the private folder: no port to collide with; durability off for speed.
    const serverOptions = `-c listen_addresses= -k ${folder} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    started = true;
    const [pgCtl, startArgs] = command("pg_ctl", [
      "-D",
      data,
      "-l",
      log,
      "-w",
      "-t",
      "60",
      "-o",
      serverOptions,
      "start",
    ]);
    await run(pgCtl, startArgs, { timeout: 90_000 });
  } catch (error) {
    const serverLog = existsSync(log) ? readFileSync(log, "utf8").split("\n").slice(-5).join(" | ") : "";
    stopNow();
    process.removeListener("exit", stopNow);
    throw new Error(`${errorText(error)}${serverLog ? `; server log: ${serverLog}` : ""}`);
  }
  const url = `postgres://${SUPERUSER}@localhost/postgres?host=${encodeURIComponent(folder)}`;
  return {
    url,
    origin: `a throwaway cluster in ${folder}`,
    stop: async () => {
      stopNow();
      process.removeListener("exit", stopNow);
    },
  };
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const stderr = "stderr" in error && typeof error.stderr === "string" ? error.stderr.trim() : "";
  return stderr ? `${error.message.split("\n")[0]}: ${stderr}` : error.message;
}
