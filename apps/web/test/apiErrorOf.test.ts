// A refusal read through the protocol's ApiErrorBody: the code and message when the body is one,
// the status line when it is not.

import { isErrorCode } from "@guilds/protocol/errorCodes";
import { expect, test } from "vitest";
import { apiErrorOf } from "../src/api/apiClient.ts";

const refusal = (status: number, body: string) =>
  new Response(body, { status, statusText: "Not Found", headers: { "Content-Type": "application/json" } });

test("an error body gives its code, narrowed to the protocol's when it is one, and its message", async () => {
  const known = await apiErrorOf(
    refusal(404, JSON.stringify({ error: { code: "run.not_found", message: "No run r1." } })),
  );
  expect([known.status, known.code, known.message]).toEqual([404, "run.not_found", "No run r1."]);
  expect(isErrorCode(known.code)).toBe(true);
  const newer = await apiErrorOf(
    refusal(404, JSON.stringify({ error: { code: "run.archived", message: "Archived." } })),
  );
  expect([newer.code, isErrorCode(newer.code)]).toEqual(["run.archived", false]);
});

test("an answer that is no error body keeps the status line", async () => {
  for (const body of ["<html>not found</html>", JSON.stringify({ error: "gone" }), "{}"]) {
    const error = await apiErrorOf(refusal(404, body));
    expect([error.code, error.message]).toEqual(["http.404", "404 Not Found"]);
  }
});
