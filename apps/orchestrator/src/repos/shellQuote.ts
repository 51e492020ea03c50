/** One word for sh or bash, whatever it holds: single-quoted, each ' written '\''. */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}
