import type { z } from "zod";

/** One line per problem, each naming where it is: `steps[2].tool_calls[0].name: ...`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`).join("; ");
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(top level)";
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else text += text === "" ? String(key) : `.${String(key)}`;
  }
  return text;
}
