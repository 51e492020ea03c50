/** One commit of the sample repository: the files it writes (whole) and its message and time. */
export interface SampleCommit {
  message: string;
  /** ISO 8601, for both author and committer: fixed, so every sample has the same hashes. */
  date: string;
  files: Record<string, string>;
}

const README = `# tally

A tiny word-counting library: the sample repository of the guilds demo.

It needs nothing but Node (20 or later): run the tests with

    node --test
`;

const PACKAGE_JSON = `${JSON.stringify(
  { name: "tally", version: "0.1.0", private: true, type: "module", scripts: { test: "node --test" } },
  null,
  2,
)}\n`;

const WORDS_V1 = `/** The number of words in a text: runs of characters between whitespace. */
export function countWords(text) {
  return text.split(/\\s+/).filter((word) => word !== "").length;
}
`;

const WORDS_V2 = `${WORDS_V1}
/** The \`limit\` most frequent words, most frequent first, as [word, count] pairs. */
export function topWords(text, limit = 3) {
  const counts = new Map();
  // TODO: ignore case and punctuation: "The", "the" and "the," are three different words today.
  for (const word of text.split(/\\s+/).filter((candidate) => candidate !== "")) {
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);
}
`;

const TEST_V1 = `import assert from "node:assert/strict";
import { test } from "node:test";
import { countWords } from "../src/words.js";

test("counts the words of a text", () => {
  assert.equal(countWords("the quick  brown fox\\n"), 4);
  assert.equal(countWords(""), 0);
});
`;

const TEST_V2 = `${TEST_V1.replace('import { countWords } from "../src/words.js";', 'import { countWords, topWords } from "../src/words.js";')}
test("lists the most frequent words first", () => {
  assert.deepEqual(topWords("b a b c b a", 2), [
    ["b", 3],
    ["a", 2],
  ]);
});
`;

export const SAMPLE_COMMITS: readonly SampleCommit[] = [
  {
    message: "Count the words of a text",
    date: "2024-01-01T09:00:00Z",
    files: {
      "README.md": README,
      "package.json": PACKAGE_JSON,
      "src/words.js": WORDS_V1,
      "test/words.test.js": TEST_V1,
    },
  },
  {
    message: "List the most frequent words",
    date: "2024-01-01T10:00:00Z",
    files: { "src/words.js": WORDS_V2, "test/words.test.js": TEST_V2 },
  },
];
