import { expect, test } from "vitest";
import { metaFields } from "../src/metaFields.ts";
import { CodeTaskMeta, FileReadMeta, ShellMeta } from "../src/toolMeta.ts";

test("the fields the tool's schema accepts are kept, each on its own; the others read as absent", () => {
  expect(metaFields(ShellMeta, { exit_code: 1, cwd: 5, timed_out: "no", extra: true })).toEqual({
    exit_code: 1,
  });
  expect(metaFields(FileReadMeta, { path: "a.ts", range: [1, 2], lines: -1 })).toEqual({
    path: "a.ts",
    range: [1, 2],
  });
  // null is a value of its own where the schema allows it (a session the harness never reported).
  expect(metaFields(CodeTaskMeta, { session_id: null, status: "timed_out", harness: "vim" })).toEqual({
    session_id: null,
    status: "timed_out",
  });
});

test("no metadata, or not an object: no fields", () => {
  expect(metaFields(ShellMeta, {})).toEqual({});
  expect(metaFields(ShellMeta, null)).toEqual({});
  expect(metaFields(ShellMeta, "exit_code: 1")).toEqual({});
});
