import type { Machine } from "../../src/machines/machine.ts";
import { runInside } from "../repos/repoMachine.ts";

/** Runs a bash script in the machine's home and returns its stdout; a failing script fails the test. */
export async function sh(machine: Machine, script: string): Promise<string> {
  const ran = await runInside(machine, ["bash", "-c", `set -euo pipefail\n${script}`]);
  if (ran.code !== 0) throw new Error(`script exited ${ran.code}: ${ran.stderr}\n${script}`);
  return ran.stdout;
}

/** git with an identity given on the command line: the machine itself has no git config. */
export const GIT = "git -c user.name=Tester -c user.email=tester@example.com";

/**
 * A fresh repository at repos/<name> with one commit: a.txt (3 lines), b.txt (2 lines), gone.txt
 * (4 lines), and a .gitignore that ignores *.log.
 */
export async function committedRepository(machine: Machine, name: string): Promise<string> {
  const folder = `repos/${name}`;
  await sh(
    machine,
    `mkdir -p ${folder} && cd ${folder}
git init -q -b main
printf 'one\\ntwo\\nthree\\n' > a.txt
printf 'alpha\\nbeta\\n' > b.txt
printf '1\\n2\\n3\\n4\\n' > gone.txt
printf '*.log\\n' > .gitignore
git add -A
${GIT} commit -q -m initial`,
  );
  return folder;
}
