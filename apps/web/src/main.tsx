import { startEarlyRunEvents } from "./api/earlyRunEvents.ts";

// The entry is this small on purpose: a run page's events are asked for first, and the server
// replays them while the app's chunk (boot.tsx) is fetched and parsed.
startEarlyRunEvents(location.pathname);
void import("./boot.tsx");
