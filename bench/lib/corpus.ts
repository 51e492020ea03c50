import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { seededRandom } from "../../apps/orchestrator/test/support/seededRandom.ts";

/**
 * A deterministic source tree for code_search: the same files, bytes and needles on every run.
 * 60 packages x 25 modules x 10 files (15,000 files, ~150 MB) of code-like text, a hidden folder,
 * and a .gitignore'd `generated/` folder (1,000 files) full of needles that no search may report.
 */
export const CORPUS_FOLDER = "corpus";
/** Found with fixed: true; once per line, in 1 file of 499, and 25 times in one file (the per-file cap). */
export const LITERAL_NEEDLE = "GUILDS_NEEDLE_LITERAL";
/** A regex, once per line, in 1 file of 97. */
export const REGEX_NEEDLE = "fn_needle_[0-9]{3}\\(";

const PACKAGES = 60;
const MODULES = 25;
const FILES_PER_MODULE = 10;
const IGNORED_FILES = 1_000;
const EXTENSIONS = [".ts", ".go", ".py", ".rs", ".md"];

export interface CorpusSize {
  files: number;
  bytes: number;
}

export function writeCorpus(homeHost: string): CorpusSize {
  const random = seededRandom(20_251_130);
  const pool = linePool(random, 8_192);
  const root = path.join(homeHost, CORPUS_FOLDER);
  let files = 0;
  let bytes = 0;
  const write = (relative: string, text: string) => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    files += 1;
    bytes += Buffer.byteLength(text);
  };

  write(".gitignore", "generated/\n*.log\n");
  write(".github/workflows/ci.yml", `name: ci\n# ${LITERAL_NEEDLE} in a hidden folder\n`);
  write("build.log", `${LITERAL_NEEDLE}\n`.repeat(100));
  let index = 0;
  for (let pkg = 0; pkg < PACKAGES; pkg += 1) {
    for (let mod = 0; mod < MODULES; mod += 1) {
      for (let file = 0; file < FILES_PER_MODULE; file += 1) {
        index += 1;
        const extension = EXTENSIONS[index % EXTENSIONS.length] ?? ".txt";
        const needles: string[] = [];
        if (index % 499 === 7) needles.push(`// ${LITERAL_NEEDLE} marks this file`);
        if (index === 4_999) for (let n = 0; n < 25; n += 1) needles.push(`log("${LITERAL_NEEDLE} ${n}")`);
        if (index % 97 === 3)
          needles.push(`  result = fn_needle_${String(index % 1000).padStart(3, "0")}(input)`);
        const relative = `src/pkg${pkg}/mod${mod}/file${file}${extension}`;
        write(relative, fileText(random, pool, 2_000 + Math.floor(random() * 16_000), needles));
      }
    }
  }
  for (let file = 0; file < IGNORED_FILES; file += 1) {
    const needles = [`${LITERAL_NEEDLE}`, "fn_needle_123(x)"];
    write(`generated/out${file}.js`, fileText(random, pool, 10_000, needles));
  }
  return { files, bytes };
}

/** About `size` bytes of lines from the pool, the needles spread through it. */
function fileText(random: () => number, pool: readonly string[], size: number, needles: string[]): string {
  const lines: string[] = [];
  let length = 0;
  while (length < size) {
    const line = pool[Math.floor(random() * pool.length)] ?? "";
    lines.push(line);
    length += line.length + 1;
  }
  for (const needle of needles) lines.splice(Math.floor(random() * lines.length), 0, needle);
  return `${lines.join("\n")}\n`;
}

const WORDS = [
  "request",
  "response",
  "handler",
  "config",
  "buffer",
  "stream",
  "session",
  "token",
  "record",
  "index",
  "cache",
  "queue",
  "worker",
  "parse",
  "render",
  "update",
  "value",
  "result",
  "error",
  "client",
  "server",
  "module",
  "option",
  "status",
  "event",
  "batch",
  "schema",
  "field",
  "limit",
];
const TYPES = ["string", "number", "boolean", "Buffer", "Record<string, unknown>", "Promise<void>"];

function linePool(random: () => number, count: number): string[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const name = () => `${pick(WORDS)}${pick(WORDS).replace(/^./, (c) => c.toUpperCase())}`;
  const shapes = [
    () => `export function ${name()}(${name()}: ${pick(TYPES)}): ${pick(TYPES)} {`,
    () => `  const ${name()} = ${name()}.${name()}(${Math.floor(random() * 1000)});`,
    () => `  if (${name()} === undefined) return ${name()};`,
    () => `// ${pick(WORDS)} the ${pick(WORDS)} before the ${pick(WORDS)} is ${pick(WORDS)}d`,
    () => `  for (const ${pick(WORDS)} of ${name()}) ${name()}.push(${pick(WORDS)});`,
    () => "}",
    () => "",
  ];
  return Array.from({ length: count }, () => pick(shapes)());
}
