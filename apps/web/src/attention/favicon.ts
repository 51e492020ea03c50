import type { EndStatus } from "./runAttention.ts";

/** The app's mark (index.html's icon), and the same with a dot for runs that need attention. */
const SQUARE = "<rect width='16' height='16' rx='4' fill='%232f5bd3'/>";
const DOT_COLOUR = { failed: "%23c62828", ended: "%23e3a008" };

function iconOf(dot: keyof typeof DOT_COLOUR | null): string {
  const circle =
    dot === null
      ? ""
      : `<circle cx='12' cy='4' r='4' fill='${DOT_COLOUR[dot]}' stroke='%23ffffff' stroke-width='1.5'/>`;
  return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E${SQUARE}${circle}%3C/svg%3E`;
}

/** The tab's icon: plain, or with a red dot when an unseen run failed, an amber one when runs ended. */
export function setFaviconFor(unseen: readonly EndStatus[]): void {
  const link = document.querySelector<HTMLLinkElement>("link[rel='icon']");
  if (link === null) return;
  const dot = unseen.length === 0 ? null : unseen.includes("failed") ? "failed" : "ended";
  link.dataset.attention = dot ?? "none";
  const href = iconOf(dot);
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}
