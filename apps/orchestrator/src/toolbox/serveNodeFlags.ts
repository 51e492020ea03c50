/**
 * The long-lived helper's V8 flags. Its young generation is bounded at 1 MiB per semi-space (V8's
 * default grows to 16): a session lives for hours and reads files of any size, and a large young
 * generation is RSS it keeps (a 1 GiB file_read left the session at 67 MiB with the default, 62
 * with this); its scavenges stay cheap because little survives a call.
 */
const SERVE_NODE_FLAGS = ["--max-semi-space-size=1"];

/** helperCommand ([node, script]) with the flags after node; a command that is not node is left as it is. */
export function withServeNodeFlags(helperCommand: readonly string[]): string[] {
  const [runner, ...rest] = helperCommand;
  if (runner === undefined || !/(^|\/)node$/.test(runner)) return [...helperCommand];
  return [runner, ...SERVE_NODE_FLAGS, ...rest];
}
