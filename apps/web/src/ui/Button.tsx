import type { ComponentProps } from "react";
import "./forms.css";

export type ButtonVariant = "primary" | "secondary" | "danger" | "quiet";

/**
 * The app's button. While `busy` it stays in the tab order (focus is not lost mid-request) but
 * refuses clicks, says so to assistive tech with aria-busy, and shows a small spinner.
 */
export function Button({
  variant = "secondary",
  busy = false,
  className,
  children,
  disabled,
  onClick,
  type = "button",
  ...rest
}: ComponentProps<"button"> & { variant?: ButtonVariant; busy?: boolean }) {
  return (
    <button
      {...rest}
      type={type}
      className={["button", `button-${variant}`, className].filter(Boolean).join(" ")}
      disabled={disabled}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {busy && <span className="button-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
