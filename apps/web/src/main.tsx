import "./noEval.ts";
import { startEarlyRunSnapshot } from "./api/earlyRunSnapshot.ts";

// The entry is this small on purpose: a run page's stored events are asked for first, and the
// server reads them while the app's chunk (boot.tsx) is fetched and parsed.
startEarlyRunSnapshot(location.pathname);
void import("./boot.tsx");
