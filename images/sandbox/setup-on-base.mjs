// Runs as root with the base image's own node, in a container of an operator's base image
// (`guilds image build --base <image>`), after the helpers were put into /opt/guilds/bin: what setup.sh
// does in the Debian image, in node because a base need not have useradd, chmod or ln.
// Arguments: the base's node, its bash (the last two: `node -e` has no script path in argv).
import fs from "node:fs";

const [nodePath, bashPath] = process.argv.slice(-2);
const UID = 1000;
const HOME = "/home/agent";
const BIN = "/opt/guilds/bin";
const TOOLS = ["node", "guilds-code", "guilds-harness", "guilds-machine"];

function readLines(file) {
  try {
    return fs.readFileSync(file, "utf8").split("\n").filter(Boolean);
  } catch (caught) {
    if (caught.code === "ENOENT") return [];
    throw caught;
  }
}

/** Adds the entry unless the id is taken: a base whose uid 1000 has another name keeps it. */
function ensureEntry(file, entry, fallback) {
  const lines = readLines(file);
  if (lines.length === 0) lines.push(fallback);
  const holder = lines.find((line) => line.split(":")[2] === String(UID));
  if (holder !== undefined) {
    console.log(`${file}: id ${UID} is already ${holder.split(":")[0]}`);
    return;
  }
  if (lines.some((line) => line.startsWith("agent:"))) {
    throw new Error(`${file} has an agent whose id is not ${UID}: the image runs as ${UID}`);
  }
  lines.push(entry);
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
}

fs.mkdirSync("/etc", { recursive: true });
ensureEntry(
  "/etc/passwd",
  `agent:x:${UID}:${UID}:agent:${HOME}:${bashPath}`,
  `root:x:0:0:root:/root:${bashPath}`,
);
ensureEntry("/etc/group", `agent:x:${UID}:`, "root:x:0:");

// The agent's home (a volume over it in a container machine), and the harness CLIs' prefix.
fs.mkdirSync(HOME, { recursive: true });
fs.chownSync(HOME, UID, UID);
fs.chmodSync(HOME, 0o700);
fs.mkdirSync("/opt/guilds/harnesses", { recursive: true });
for (const folder of ["/opt/guilds", BIN, "/opt/guilds/harnesses"]) fs.chmodSync(folder, 0o755);
if (!fs.existsSync("/tmp")) {
  fs.mkdirSync("/tmp");
  fs.chmodSync("/tmp", 0o1777);
}

// The base's node beside the helpers, and everything on the default PATH too (the helpers start
// with `#!/usr/bin/env node`); a file of the base's own in /usr/local/bin stays.
if (nodePath !== `${BIN}/node`) {
  fs.rmSync(`${BIN}/node`, { force: true });
  fs.symlinkSync(nodePath, `${BIN}/node`);
}
fs.mkdirSync("/usr/local/bin", { recursive: true });
for (const tool of TOOLS) {
  const link = `/usr/local/bin/${tool}`;
  if (tool === "node" && nodePath === link) continue;
  const existing = fs.lstatSync(link, { throwIfNoEntry: false });
  if (existing !== undefined && !existing.isSymbolicLink()) continue;
  fs.rmSync(link, { force: true });
  fs.symlinkSync(`${BIN}/${tool}`, link);
}
console.log("set up: the user agent, /home/agent, /opt/guilds, the links in /usr/local/bin");
