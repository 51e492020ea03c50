/** One word for bash, whatever it holds: single quotes, each ' written as '\''. */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
