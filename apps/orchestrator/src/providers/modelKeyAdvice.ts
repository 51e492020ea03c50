/**
 * How an operator gives the server a model key, as a sentence: a secret of the agent or of its
 * guild (the agent's wins), or, for the providers that read one, the server's environment.
 */
export function modelKeyAdvice(secretName: string, options: { serverEnvironment: boolean }): string {
  const secret = `the secret ${secretName} of the agent or its guild (the value on stdin: npx guilds secret set <guild>[/<agent>] ${secretName})`;
  return options.serverEnvironment
    ? `Set ${secret}, or ${secretName} in the server's environment.`
    : `Set ${secret}.`;
}
