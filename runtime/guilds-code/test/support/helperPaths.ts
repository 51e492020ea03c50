import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The built helper, run the way a machine runs it: one process per call. */
export const HELPER = fileURLToPath(new URL("../../dist/guilds-code", import.meta.url));

const require = createRequire(import.meta.url);
/** ripgrep from @vscode/ripgrep, as the machines put it on PATH. */
export const RG_DIR = path.dirname(
  require.resolve("@vscode/ripgrep-linux-x64/bin/rg", { paths: [path.resolve(HELPER, "../../../..")] }),
);
