/** The short positional prompt of a CLI that reads the brief from the prompt file, never from argv. */
export function promptFileInstruction(promptFile: string): string {
  return `Read the task in ${promptFile} and do it.`;
}
