import type { ModelPriceBody, ModelPriceView } from "@guilds/protocol/modelPrice";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { answer, guildsApi } from "../../api/apiClient.ts";
import { Button } from "../../ui/Button.tsx";
import { ConfirmButton } from "../../ui/ConfirmButton.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { FormActions } from "../../ui/FormActions.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Panel } from "../../ui/Panel.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { useFormValues } from "../../ui/useFormValues.ts";
import { buildPriceRequest, emptyPriceForm, priceFormOf, priceText } from "./priceForm.ts";
import "./prices.css";

const PRICES_KEY = ["prices"] as const;

/**
 * The price table: what a generation costs per million tokens of its model. A default (for the
 * models the README names) can be changed; the operator's own price can be removed, which brings
 * the default back. A change prices the generations that end from then on.
 */
export function PricesPage() {
  const queryClient = useQueryClient();
  const prices = useQuery({
    queryKey: PRICES_KEY,
    queryFn: async () => (await answer(guildsApi.GET("/api/prices"))).prices,
  });
  const form = useFormValues(emptyPriceForm);
  const [saved, setSaved] = useState<string | null>(null);
  const inputField = useRef<HTMLInputElement>(null);

  const setPrice = useMutation({
    mutationFn: ({ model, body }: { model: string; body: ModelPriceBody }) =>
      answer(guildsApi.PUT("/api/prices/{model}", { params: { path: { model } }, body })),
    onSuccess: (price) => {
      setSaved(price.model);
      form.reset(emptyPriceForm());
      return queryClient.invalidateQueries({ queryKey: PRICES_KEY });
    },
  });
  const removePrice = useMutation({
    mutationFn: (model: string) =>
      answer(guildsApi.DELETE("/api/prices/{model}", { params: { path: { model } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRICES_KEY }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(null);
    const request = buildPriceRequest(form.values);
    if (!request.ok) {
      form.refuse(event, request.errors);
      return;
    }
    setPrice.mutate({ model: request.model, body: request.body });
  };
  const edit = (price: ModelPriceView) => {
    setSaved(null);
    form.reset(priceFormOf(price));
    inputField.current?.focus();
  };

  return (
    <div className="page prices-page">
      <PageHeader title="Model prices" kicker="Usage and cost" />
      <Panel
        title="Prices"
        description="US dollars per million tokens. A generation's cost is its tokens at its model's price when it ended; a code task's is what its harness reported."
      >
        {prices.isPending ? (
          <Loading label="Loading the prices…" />
        ) : prices.isError ? (
          <ErrorNotice error={prices.error} title="Couldn't load the prices" />
        ) : (
          <table className="prices-table" data-testid="prices-table">
            <thead>
              <tr>
                <th scope="col">Model</th>
                <th scope="col">Input</th>
                <th scope="col">Cached input</th>
                <th scope="col">Output</th>
                <th scope="col">Source</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {prices.data.map((price) => (
                <tr key={price.model} data-model={price.model}>
                  <th scope="row">
                    <code>{price.model}</code>
                  </th>
                  <td>{priceText(price.input_usd_per_million)}</td>
                  <td>{priceText(price.cached_input_usd_per_million)}</td>
                  <td>{priceText(price.output_usd_per_million)}</td>
                  <td>{price.source === "default" ? "default" : "yours"}</td>
                  <td className="prices-actions">
                    <Button
                      variant="quiet"
                      onClick={() => edit(price)}
                      aria-label={`Change the price of ${price.model}`}
                    >
                      Change
                    </Button>
                    {price.source === "operator" && (
                      <ConfirmButton
                        label="Remove"
                        accessibleLabel={`Remove your price of ${price.model}`}
                        question={`Remove your price of ${price.model}? Its default, if it has one, applies again.`}
                        confirmLabel="Remove price"
                        busy={removePrice.isPending && removePrice.variables === price.model}
                        onConfirm={() => removePrice.mutate(price.model)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <ErrorNotice error={removePrice.error} title="Couldn't remove the price" />

        <form className="form prices-form" onSubmit={submit} noValidate aria-label="Set a model's price">
          <h3 className="form-title">Set a price</h3>
          <TextField
            label="Model"
            hint="As the agent's model gives it (claude-sonnet-4-5, gpt-5, qwen3:8b)."
            error={form.errors.model}
            mono
            value={form.values.model}
            onChange={(model) => form.change({ model })}
          />
          <div className="field-row">
            <TextField
              ref={inputField}
              label="Input"
              hint="USD per million tokens"
              error={form.errors.input}
              value={form.values.input}
              placeholder="3"
              onChange={(input) => form.change({ input })}
            />
            <TextField
              label="Cached input"
              hint="USD per million tokens"
              error={form.errors.cachedInput}
              value={form.values.cachedInput}
              placeholder="0.3"
              onChange={(cachedInput) => form.change({ cachedInput })}
            />
            <TextField
              label="Output"
              hint="USD per million tokens"
              error={form.errors.output}
              value={form.values.output}
              placeholder="15"
              onChange={(output) => form.change({ output })}
            />
          </div>
          <FormActions
            submitLabel="Save price"
            busy={setPrice.isPending}
            error={setPrice.error}
            errorTitle="Couldn't save the price"
          >
            {saved !== null && (
              <span className="form-status" role="status">
                Saved the price of {saved}.
              </span>
            )}
          </FormActions>
        </form>
      </Panel>
    </div>
  );
}
