// The shared form pieces: what each control carries, as the forms of guilds, agents and secrets use them.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { ApiError } from "../src/api/apiClient.ts";
import { FormActions } from "../src/ui/FormActions.tsx";
import { NumberField } from "../src/ui/NumberField.tsx";
import { SelectField } from "../src/ui/SelectField.tsx";
import { TextField } from "../src/ui/TextField.tsx";

const noop = () => {};

/** The value of the attribute `name` of the first `element` in the markup; null without one. */
function attribute(markup: string, element: string, name: string): string | null {
  const tag = new RegExp(`<${element}[^>]*>`).exec(markup)?.[0] ?? "";
  return new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
}

describe("TextField", () => {
  test("plain text: labelled, described by its hint and error, nothing completed or spell-checked", () => {
    const markup = renderToStaticMarkup(
      <TextField
        label="Name"
        hint="Its folder."
        error="Required."
        value=""
        placeholder="shop"
        onChange={noop}
      />,
    );
    expect(markup).toMatch(/<label class="field-label" for="([^"]+)">Name<\/label><input id="\1"/);
    expect(attribute(markup, "input", "type")).toBeNull();
    expect(attribute(markup, "input", "class")).toBe("input");
    expect(attribute(markup, "input", "aria-describedby")).toMatch(/-hint .*-error$/);
    expect(attribute(markup, "input", "aria-invalid")).toBe("true");
    expect(attribute(markup, "input", "autoComplete")).toBe("off");
    expect(attribute(markup, "input", "spellCheck")).toBe("false");
    expect(attribute(markup, "input", "placeholder")).toBe("shop");
    expect(markup).not.toContain("<datalist");
  });

  test("a write-only value: a password field that password managers leave alone", () => {
    const markup = renderToStaticMarkup(
      <TextField label="Token" mono type="password" value="" onChange={noop} />,
    );
    expect(attribute(markup, "input", "type")).toBe("password");
    expect(attribute(markup, "input", "class")).toBe("input input-mono");
    expect(attribute(markup, "input", "data-1p-ignore")).toBe("true");
    expect(attribute(markup, "input", "data-lpignore")).toBe("true");
  });

  test("a URL opens the URL keyboard; suggestions come as a datalist the input names", () => {
    const url = renderToStaticMarkup(<TextField label="Base URL" type="url" value="" onChange={noop} />);
    expect(attribute(url, "input", "inputMode")).toBe("url");
    expect(attribute(url, "input", "data-1p-ignore")).toBeNull();

    const effort = renderToStaticMarkup(
      <TextField label="Effort" value="" suggestions={["low", "high"]} onChange={noop} />,
    );
    const listId = attribute(effort, "input", "list");
    expect(listId).not.toBeNull();
    expect(effort).toContain(
      `<datalist id="${listId}"><option value="low"></option><option value="high"></option></datalist>`,
    );
  });
});

test("NumberField: whole numbers within its bounds", () => {
  const markup = renderToStaticMarkup(
    <NumberField label="Max tool calls" min={1} max={500} value="100" onChange={noop} />,
  );
  expect(markup).toContain('type="number" inputMode="numeric" min="1" max="500" step="1" value="100"');
});

test("SelectField: its options by label, the value selected", () => {
  const markup = renderToStaticMarkup(
    <SelectField
      label="Harness"
      value="codex"
      options={[
        { value: "", label: "None" },
        { value: "codex", label: "Codex" },
      ]}
      onChange={noop}
    />,
  );
  expect(markup).toContain('<option value="">None</option><option value="codex" selected="">Codex</option>');
});

test("FormActions: the submit button, what stands beside it, the server's refusal under them", () => {
  const markup = renderToStaticMarkup(
    <FormActions
      submitLabel="Save secret"
      busy
      error={new ApiError(400, "secret.name_invalid", "Names are letters, digits and _.")}
      errorTitle="Couldn't save the secret"
    >
      <span className="form-status">Saved.</span>
    </FormActions>,
  );
  expect(markup).toMatch(
    /^<div class="form-actions"><button type="submit" class="button button-primary" aria-busy="true"/,
  );
  expect(markup).toContain('Save secret</button><span class="form-status">Saved.</span></div>');
  expect(markup).toContain(
    "<strong>Couldn&#x27;t save the secret: </strong>Names are letters, digits and _.",
  );
  expect(
    renderToStaticMarkup(<FormActions submitLabel="Start run" busy={false} error={null} errorTitle="x" />),
  ).not.toContain('role="alert"');
});
