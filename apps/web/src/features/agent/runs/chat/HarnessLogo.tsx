import type { HarnessName } from "@guilds/protocol/harness";
import { HARNESS_DISPLAY_NAMES } from "@guilds/protocol/harness";
import type { ReactNode } from "react";
import "./harnessLogo.css";

/**
 * Small marks of our own drawing, one shape and colour per harness, so a code task's harness reads
 * at a glance. They are not the vendors' logos (whose use their owners restrict).
 */
const MARKS: Record<HarnessName, { colour: string; shape: ReactNode }> = {
  // A sunburst of eight rays.
  claude: {
    colour: "#d9774a",
    shape: (
      <g stroke="currentColor" strokeWidth="2.1" strokeLinecap="round">
        <path d="M8 1.8v3.6M8 10.6v3.6M1.8 8h3.6M10.6 8h3.6M3.6 3.6l2.5 2.5M9.9 9.9l2.5 2.5M12.4 3.6 9.9 6.1M6.1 9.9l-2.5 2.5" />
      </g>
    ),
  },
  // A hexagon with a prompt inside.
  codex: {
    colour: "#17a589",
    shape: (
      <g fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round">
        <path d="M8 1.5 13.6 4.75v6.5L8 14.5 2.4 11.25v-6.5Z" />
        <path d="m5.6 6.3 1.9 1.7-1.9 1.7M8.6 10.1h2" />
      </g>
    ),
  },
  // A four-pointed sparkle.
  gemini: {
    colour: "#4b7bec",
    shape: (
      <path
        fill="currentColor"
        d="M8 1c.6 3.6 3.4 6.4 7 7-3.6.6-6.4 3.4-7 7-.6-3.6-3.4-6.4-7-7 3.6-.6 6.4-3.4 7-7Z"
      />
    ),
  },
  // A pointer arrow.
  cursor: {
    colour: "#7c8aa0",
    shape: <path fill="currentColor" d="M3.2 1.8 13 7.4l-4.3 1.1-2.2 4.4Z" />,
  },
  // A rising chevron in a ring.
  antigravity: {
    colour: "#b55fd6",
    shape: (
      <g fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="8" cy="8" r="6.2" />
        <path d="m5 9.6 3-3 3 3" />
      </g>
    ),
  },
};

/** The harness's mark, named for assistive technology by the harness's display name. */
export function HarnessLogo(props: {
  harness: HarnessName;
  size?: number;
  pulse?: boolean;
  className?: string;
}) {
  const { harness, size = 16, pulse = false, className } = props;
  const mark = MARKS[harness];
  const classes = ["harness-logo", pulse ? "harness-logo--pulse" : null, className ?? null].filter(Boolean);
  return (
    <svg
      role="img"
      aria-label={HARNESS_DISPLAY_NAMES[harness]}
      data-harness={harness}
      className={classes.join(" ")}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      style={{ color: mark.colour }}
    >
      <title>{HARNESS_DISPLAY_NAMES[harness]}</title>
      {mark.shape}
    </svg>
  );
}
