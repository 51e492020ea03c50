import { useEffect, useState } from "react";
import { Button } from "../../ui/Button.tsx";

/** A shell command to type on the server's host, with a button that copies it. */
export function CopyCommand({ command }: { command: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  // The Clipboard API needs a secure context (https or localhost); without it, the text stays selectable.
  const canCopy = typeof navigator !== "undefined" && navigator.clipboard !== undefined;
  return (
    <div className="copy-command">
      <code>
        <span className="copy-command-prompt" aria-hidden="true">
          ${" "}
        </span>
        {command}
      </code>
      {canCopy && (
        <Button
          variant="quiet"
          onClick={() => {
            void navigator.clipboard.writeText(command).then(() => setCopied(true));
          }}
          aria-label={`Copy the command ${command}`}
        >
          {copied ? "Copied" : "Copy"}
        </Button>
      )}
    </div>
  );
}
