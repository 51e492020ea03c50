import { CreateRepositoryBody } from "@guilds/protocol/apiRequests";
import { describe, expect, test } from "vitest";
import {
  buildRepositoryBody,
  emptyRepositoryForm,
  type RepositoryFormValues,
  repositoryNameFromSource,
} from "../src/features/guilds/repositoryForm.ts";

const form = (patch: Partial<RepositoryFormValues>): RepositoryFormValues => ({
  ...emptyRepositoryForm(),
  ...patch,
});

describe("buildRepositoryBody", () => {
  test("a URL, with its token only when one is typed", () => {
    expect(buildRepositoryBody(form({ name: "shop", url: " https://github.com/acme/shop.git " }))).toEqual({
      ok: true,
      body: { name: "shop", url: "https://github.com/acme/shop.git" },
    });
    expect(
      buildRepositoryBody(form({ name: "shop", url: "git@github.com:acme/shop.git", token: "ghp_x" })),
    ).toEqual({
      ok: true,
      body: { name: "shop", url: "git@github.com:acme/shop.git", token: "ghp_x" },
    });
  });

  test("a local path sends no URL and no token, even one typed before switching", () => {
    expect(
      buildRepositoryBody(
        form({ name: "shop", source: "local", localPath: "/srv/git/shop", url: "x", token: "t" }),
      ),
    ).toEqual({ ok: true, body: { name: "shop", local_path: "/srv/git/shop" } });
  });

  test("the name is a folder name; the chosen source must be given", () => {
    const outcome = buildRepositoryBody(form({ name: "my shop", source: "url" }));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors.name).toMatch(/^A repository's name becomes its folder repos\/<name>/);
    expect(outcome.errors.url).toMatch(/^Give the git remote's URL/);
    const local = buildRepositoryBody(form({ name: "..", source: "local" }));
    expect(local.ok === false && Object.keys(local.errors).sort()).toEqual(["localPath", "name"]);
    const unnamed = buildRepositoryBody(form({ url: "https://x/y.git" }));
    expect(unnamed.ok === false && unnamed.errors.name).toBe(
      "Name the repository: it is cloned to repos/<name> in each agent's home.",
    );
  });
});

describe("repositoryNameFromSource", () => {
  test("the folder git clone would make", () => {
    expect(repositoryNameFromSource("https://github.com/acme/shop.git")).toBe("shop");
    expect(repositoryNameFromSource("git@github.com:acme/web-app.git")).toBe("web-app");
    expect(repositoryNameFromSource("/srv/git/tools/")).toBe("tools");
    expect(repositoryNameFromSource("")).toBe("");
    expect(repositoryNameFromSource("https://example.com/a b")).toBe("");
  });
});

test("both kinds of body pass the protocol's CreateRepositoryBody, which the server validates with", () => {
  for (const values of [
    form({ name: "shop", url: "https://github.com/acme/shop.git", token: "ghp_x" }),
    form({ name: "shop", source: "local", localPath: "/srv/git/shop" }),
  ]) {
    const outcome = buildRepositoryBody(values);
    expect(outcome.ok && CreateRepositoryBody.safeParse(outcome.body).error).toBeUndefined();
  }
});
