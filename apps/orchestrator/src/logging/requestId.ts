import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** A caller's id is kept only if a log line can carry it as it is: short, no spaces or quotes. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._~:+=/-]{1,128}$/;

/** The request's id: the one it was sent with when sane, else a new one. */
export function requestIdFrom(sent: string | undefined): string {
  return sent !== undefined && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}
