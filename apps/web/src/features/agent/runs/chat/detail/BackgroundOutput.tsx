import { ErrorNotice } from "../../../../../ui/ErrorNotice.tsx";
import { LiveShellOutput } from "./LiveShellOutput.tsx";
import { useBackgroundOutput } from "./useBackgroundOutput.ts";
import "./detail.css";

/**
 * A background command's live output under its result, read from the agent's machine while this
 * detail is open (nothing is read while it is closed), until the command is no longer running.
 */
export function BackgroundOutput({ runId, callId }: { runId: string; callId: string }) {
  const { lines, state, error } = useBackgroundOutput(runId, callId);
  const live = state === "running" || state === "stopping";
  return (
    <section className="detail-background" aria-label="Background output" data-state={state ?? "loading"}>
      <h3 className="detail-subheading">
        {state === null ? "Output" : live ? "Output (live)" : `Output (${state})`}
      </h3>
      {error !== null && <ErrorNotice error={error} title="Couldn't read the command's output" />}
      <LiveShellOutput
        lines={lines}
        waiting={
          state === null
            ? "Reading the output from the agent's machine…"
            : live
              ? "No output yet: lines show here as the command prints them."
              : "The command printed nothing that is still in its log."
        }
      />
    </section>
  );
}
