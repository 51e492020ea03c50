import { SetSecretBody } from "@guilds/protocol/apiRequests";
import { describe, expect, test } from "vitest";
import { buildSetSecretRequest, parseAliases } from "../src/ui/secretForm.ts";

describe("parseAliases", () => {
  test("splits on commas and spaces, once each, in order", () => {
    expect(parseAliases(" GH_TOKEN,GITHUB_TOKEN  GH_TOKEN, ")).toEqual(["GH_TOKEN", "GITHUB_TOKEN"]);
    expect(parseAliases("")).toEqual([]);
  });
});

describe("buildSetSecretRequest", () => {
  test("a name, a value kept as typed, the aliases listed", () => {
    expect(buildSetSecretRequest({ name: " GITHUB_TOKEN ", value: " s3cret ", aliases: "GH_TOKEN" })).toEqual(
      {
        ok: true,
        request: { name: "GITHUB_TOKEN", body: { value: " s3cret ", aliases: ["GH_TOKEN"] } },
      },
    );
    expect(buildSetSecretRequest({ name: "A", value: "v", aliases: "" })).toEqual({
      ok: true,
      request: { name: "A", body: { value: "v", aliases: [] } },
    });
  });

  test("names and aliases are environment variable names; a value is required", () => {
    const outcome = buildSetSecretRequest({
      name: "github-token",
      value: "",
      aliases: "ok_NOT, 9LIVES, FINE",
    });
    expect(outcome).toEqual({
      ok: false,
      errors: {
        name: 'A secret\'s name is an environment variable name: capital letters, digits and "_", not starting with a digit (got github-token).',
        value: "Give the secret a value.",
        aliases:
          'Aliases are environment variable names too (capital letters, digits and "_", not starting with a digit): fix ok_NOT, 9LIVES.',
      },
    });
    expect(buildSetSecretRequest({ name: "", value: "v", aliases: "" })).toEqual({
      ok: false,
      errors: { name: "Name the secret: the environment variable it becomes, such as GITHUB_TOKEN." },
    });
  });

  test("an alias is another name, not the secret's own", () => {
    const outcome = buildSetSecretRequest({ name: "KEY", value: "v", aliases: "KEY" });
    expect(outcome.ok === false && outcome.errors.aliases).toBe(
      "KEY is the secret's own name; an alias is another name for the same value.",
    );
  });
});

test("the body passes the protocol's SetSecretBody, which the server validates with", () => {
  const outcome = buildSetSecretRequest({ name: "GITHUB_TOKEN", value: "s3cret", aliases: "GH_TOKEN" });
  expect(outcome.ok && SetSecretBody.safeParse(outcome.request.body).error).toBeUndefined();
});
