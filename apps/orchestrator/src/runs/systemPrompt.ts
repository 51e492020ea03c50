import type { Agent } from "../store/agentStore.ts";

/** Who the agent is, where its repositories are, and where a relative path starts. */
export function systemPrompt(input: {
  agent: Pick<Agent, "name" | "coding">;
  repositoryNames: readonly string[];
  defaultCwd: string;
}): string {
  const lines = [`You are ${input.agent.name}, a coding agent working in your own sandboxed machine.`];
  if (input.repositoryNames.length === 0) lines.push("Your guild has no repositories.");
  else {
    const folders = input.repositoryNames.map((name) => `repos/${name}`).join(", ");
    lines.push(`Your guild's repositories are cloned in your home: ${folders}.`);
  }
  const start = input.defaultCwd === "" ? "your home" : input.defaultCwd;
  lines.push(
    `A relative path resolves against the run's working directory, which starts at ${start}; a cd in shell carries over to the next call, environment changes do not.`,
  );
  if (!input.agent.coding) lines.push("Your code tools are turned off: answer without calling tools.");
  return lines.join("\n");
}
