/**
 * The variables every command of a call gets beyond the machine's own: the agent's secrets (under
 * their names and aliases) and its port block. Built per call and carried inside the request, never
 * in a long-lived helper's environment, so a changed secret or port block applies at once.
 */
export function callEnvironment(
  secrets: Readonly<Record<string, string>>,
  ports: readonly number[],
): Record<string, string> {
  const environment: Record<string, string> = { ...secrets };
  const [port] = ports;
  // The port block wins over a secret of the same name: a server must listen where the page says.
  if (port !== undefined) environment.PORT = String(port);
  if (ports.length > 0) environment.GUILDS_PORTS = ports.join(",");
  return environment;
}
