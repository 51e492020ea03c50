import { useState, useSyncExternalStore } from "react";
import { Button } from "../ui/Button.tsx";
import { isWatched, notificationsSupported, setWatched, subscribeWatched } from "./watchedRuns.ts";

/**
 * Opt-in: a browser notification when this run ends. The first click asks the browser's permission;
 * a refusal says where to allow it. Nothing shows where the browser has no notifications.
 */
export function WatchRunButton({ runId }: { runId: string }) {
  const watched = useSyncExternalStore(
    subscribeWatched,
    () => isWatched(runId),
    () => false,
  );
  const [refused, setRefused] = useState(false);
  if (!notificationsSupported()) return null;
  const toggle = async () => {
    if (watched) return setWatched(runId, false);
    const permission =
      Notification.permission === "default"
        ? await Notification.requestPermission()
        : Notification.permission;
    setRefused(permission !== "granted");
    if (permission === "granted") setWatched(runId, true);
  };
  return (
    <span className="watch-run">
      <Button variant="quiet" aria-pressed={watched} onClick={() => void toggle()}>
        {watched ? "Notifying when it ends" : "Notify me when it ends"}
      </Button>
      {refused && (
        <span className="watch-run-refused" role="status">
          Notifications are blocked for this site: allow them in the browser's site settings.
        </span>
      )}
    </span>
  );
}
