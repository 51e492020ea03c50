import { AsyncLocalStorage } from "node:async_hooks";

/** The id of the request whose handling is running, through every await of it. */
const requests = new AsyncLocalStorage<string>();

export function inRequest<T>(requestId: string, work: () => T): T {
  return requests.run(requestId, work);
}

/** Undefined outside a request's handling. */
export function currentRequestId(): string | undefined {
  return requests.getStore();
}
