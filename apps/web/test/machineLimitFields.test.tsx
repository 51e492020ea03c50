// The machine limits of the agent forms: text as typed, blank for the default, the effective
// limits as placeholders, and what the form sends.

import { parseByteSize } from "@guilds/protocol/byteSize";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { AgentSettingsFields } from "../src/ui/AgentSettingsFields.tsx";
import { agentFormOf, buildUpdateAgentBody, emptyAgentForm } from "../src/ui/agentSettingsForm.ts";
import { MachineLimitFields } from "../src/ui/MachineLimitFields.tsx";
import {
  BLANK_MACHINE_LIMITS,
  machineLimitPlaceholders,
  machineLimitsBody,
  sizeText,
  validateMachineLimits,
} from "../src/ui/machineLimitsForm.ts";
import { agentView } from "./agentViews.ts";

const noop = () => {};
const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

const agent = agentView({
  limits: { pids: 2048, memory_bytes: 6 * GiB, cpus: null, disk_bytes: null },
  effective_limits: {
    pids: 2048,
    memory_bytes: 6 * GiB,
    cpus: 1.5,
    disk_bytes: 20 * GiB,
    tmpfs_bytes: 256 * MiB,
  },
  script: { steps: [], final_text: "Done." },
});

/** The input labelled `label`: its attributes as written in the markup. */
function inputOf(markup: string, label: string): string {
  const id = new RegExp(`<label class="field-label" for="([^"]+)">${label}<`).exec(markup)?.[1];
  return new RegExp(`<input id="${id}"[^>]*>`).exec(markup)?.[0] ?? "";
}

describe("MachineLimitFields", () => {
  test("a field per limit; blank ones show what the machine gets, or 'default' for a new agent", () => {
    const form = agentFormOf(agent);
    const markup = renderToStaticMarkup(
      <MachineLimitFields
        values={form}
        errors={{ cpus: "CPUs must be a number." }}
        placeholders={machineLimitPlaceholders(agent.effective_limits)}
        onChange={noop}
      />,
    );
    expect(markup).toContain("<legend>Machine limits</legend>");
    expect(inputOf(markup, "Memory")).toContain('value="6G"');
    expect(inputOf(markup, "Processes")).toContain('value="2048"');
    expect(inputOf(markup, "CPUs")).toContain('value=""');
    expect(inputOf(markup, "CPUs")).toContain('placeholder="1.5"');
    expect(inputOf(markup, "CPUs")).toContain('aria-invalid="true"');
    expect(inputOf(markup, "Disk")).toContain('placeholder="20G"');
    expect(markup).toContain("CPUs must be a number.");

    const fresh = renderToStaticMarkup(
      <MachineLimitFields values={BLANK_MACHINE_LIMITS} errors={{}} onChange={noop} />,
    );
    expect(inputOf(fresh, "Memory")).toContain('placeholder="default"');
  });

  test("the agent settings fields include them", () => {
    const markup = renderToStaticMarkup(
      <AgentSettingsFields values={emptyAgentForm()} errors={{}} onChange={noop} />,
    );
    expect(markup).toContain("<legend>Machine limits</legend>");
  });
});

describe("the limits the form sends", () => {
  test("sizes as bytes, numbers as numbers, blank as null (the default)", () => {
    expect(machineLimitsBody({ memory: " 512M ", pids: "64", cpus: "0.5", disk: "" })).toEqual({
      memory: 512 * MiB,
      pids: 64,
      cpus: 0.5,
      disk: null,
    });
    const values = { ...agentFormOf(agent), memory: "", disk: "1.5G" };
    const outcome = buildUpdateAgentBody(values);
    expect(outcome.ok && outcome.body.limits).toEqual({
      memory: null,
      pids: 2048,
      cpus: null,
      disk: 1.5 * GiB,
    });
  });

  test("what is not a limit is an error per field, saying how to fix it", () => {
    expect(validateMachineLimits(BLANK_MACHINE_LIMITS)).toEqual({});
    expect(validateMachineLimits({ memory: "lots", pids: "1.5", cpus: "0", disk: "512K" })).toEqual({
      memory: "Memory must be a size of at least 1M, such as 4G or 512M, or blank for the default.",
      pids: "Processes must be a whole number from 1 to 4194304, or blank for the default.",
      cpus: "CPUs must be a number of at least 0.01, such as 2 or 0.5, or blank for the default.",
      disk: "Disk must be a size of at least 1M, such as 4G or 512M, or blank for the default.",
    });
    const outcome = buildUpdateAgentBody({ ...agentFormOf(agent), cpus: "two" });
    expect(outcome.ok ? null : outcome.errors).toEqual({
      cpus: "CPUs must be a number of at least 0.01, such as 2 or 0.5, or blank for the default.",
    });
  });

  test("sizes read and written the way the server reads them", () => {
    expect(parseByteSize("4G")).toBe(4 * GiB);
    expect(parseByteSize("1.5GiB")).toBe(1.5 * GiB);
    expect(parseByteSize("1073741824")).toBe(GiB);
    expect(parseByteSize("4X")).toBeNull();
    expect(sizeText(4 * GiB)).toBe("4G");
    expect(sizeText(1.5 * GiB)).toBe("1536M");
    expect(sizeText(1000)).toBe("1000");
  });
});
