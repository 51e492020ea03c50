import type { Store } from "../../store/store.ts";
import type { ReadinessCheck } from "./readiness.ts";

/** The store answers a query: the one row of the server's claim (serverLeaseStore.ts). */
export function storeCheck(store: Pick<Store, "dialect" | "serverLease">): ReadinessCheck {
  return {
    name: "store",
    async run() {
      const lease = await store.serverLease.current();
      return `${store.dialect} answers${lease === undefined ? " (no server holds it)" : ""}`;
    },
  };
}
