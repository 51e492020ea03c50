/**
 * One line-drawn mark per tool, in the row's text colour; decorative (the row's text names the
 * tool). Drawn by CSS (a mask over currentColor, flow.css), not inline SVG: a long flow mounts rows
 * by the dozen while it scrolls, and one span costs far less than an SVG tree.
 */
export function ToolIcon({ tool }: { tool: string }) {
  const known = tool === "shell" || tool === "shell_status" || tool === "file_read" || tool === "code_search";
  return <span aria-hidden="true" className={`tool-icon tool-icon--${known ? tool : "other"}`} />;
}
