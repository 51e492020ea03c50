import { Ajv2020 } from "ajv/dist/2020.js";
import * as formatsModule from "ajv-formats";

// ajv-formats is CommonJS: its plugin is the namespace's default, whatever loads it.
const addFormats = (formatsModule as unknown as { default: (ajv: Ajv2020) => Ajv2020 }).default;

export type OpenApiDocument = {
  components: Record<string, unknown>;
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
  >;
};

/**
 * Checks an answer of the API against its OpenAPI document: the status must be one the operation
 * documents, and a JSON body must match the schema documented for that status. Every answer the API
 * tests receive through the app fixture goes through it, so the document cannot drift from the API.
 */
export class DocumentedAnswers {
  readonly #document: OpenApiDocument;
  readonly #ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  readonly #templates: { method: string; template: string; pattern: RegExp }[];

  constructor(document: OpenApiDocument) {
    this.#document = document;
    this.#templates = Object.entries(document.paths).flatMap(([template, operations]) =>
      Object.keys(operations).map((method) => ({
        method,
        template,
        pattern: new RegExp(`^${template.replace(/\{[A-Za-z]+\}/g, "[^/]+")}$`),
      })),
    );
  }

  /** Throws, saying what differs, when the answer is not what the document says. */
  check(method: string, url: string, status: number, body: unknown): void {
    const path = new URL(url, "http://localhost").pathname;
    if (!path.startsWith("/api/") || path === "/api/openapi.json") return;
    const operation = this.#templates.find(
      (candidate) => candidate.method === method.toLowerCase() && candidate.pattern.test(path),
    );
    // A path no route takes is the API's own 404 (route.not_found), the same shape as any error.
    const responses =
      operation === undefined
        ? undefined
        : this.#document.paths[operation.template]?.[operation.method]?.responses;
    const where = `${method} ${path} (${operation?.template ?? "no route"})`;
    if (responses !== undefined && responses[String(status)] === undefined) {
      throw new Error(
        `${where} answered ${status}, which the document does not list (${Object.keys(responses).join(", ")})`,
      );
    }
    const schema = responses?.[String(status)]?.content?.["application/json"]?.schema ?? {
      $ref: "#/components/schemas/Error",
    };
    if (body === undefined) return;
    const validate = this.#ajv.compile({ ...(schema as object), components: this.#document.components });
    if (!validate(body)) {
      throw new Error(
        `${where} answered ${status} with a body the document does not describe: ${this.#ajv.errorsText(validate.errors)}`,
      );
    }
  }
}
