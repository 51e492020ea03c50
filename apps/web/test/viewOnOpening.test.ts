import { describe, expect, test } from "vitest";
import { viewOnOpening } from "../src/features/agent/runs/viewOnOpening.ts";
import { parseDetailView } from "../src/runFlow/detailView.ts";

describe("parseDetailView", () => {
  test("the five views; anything else is none", () => {
    for (const view of ["arguments", "result", "metadata", "diff", "log"])
      expect(parseDetailView(view)).toBe(view);
    expect(parseDetailView(null)).toBeNull();
    expect(parseDetailView("Result")).toBeNull();
    expect(parseDetailView("")).toBeNull();
  });
});

describe("viewOnOpening", () => {
  test("a running code task opens on Result, whatever was open", () => {
    expect(viewOnOpening({ name: "code_task", status: "running" }, "diff")).toBe("result");
    expect(viewOnOpening({ name: "code_task", status: "running" }, null)).toBe("result");
  });

  test("otherwise the open view is kept, Result by default", () => {
    expect(viewOnOpening({ name: "shell", status: "completed" }, "metadata")).toBe("metadata");
    expect(viewOnOpening({ name: "code_task", status: "completed" }, "log")).toBe("log");
    expect(viewOnOpening({ name: "shell", status: "completed" }, null)).toBe("result");
  });

  test("Diff and Log are a code task's only: another call opens on Result", () => {
    expect(viewOnOpening({ name: "file_read", status: "completed" }, "diff")).toBe("result");
    expect(viewOnOpening({ name: "shell", status: "running" }, "log")).toBe("result");
    expect(viewOnOpening(undefined, "arguments")).toBe("arguments");
  });
});
