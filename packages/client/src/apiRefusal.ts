/**
 * An answer of the API that is not 2xx, as this client reports it unless told otherwise
 * (GuildsClientOptions.errors): the status, and the server's stable code and message when the body
 * is its error body ({"error": {"code", "message"}}), else `http.<status>` and the status line.
 */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiRefusal";
  }

  static of(response: Response, body: unknown): ApiRefusal {
    const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (typeof error?.code === "string" && typeof error.message === "string") {
      return new ApiRefusal(response.status, error.code, error.message);
    }
    return new ApiRefusal(
      response.status,
      `http.${response.status}`,
      `${response.status} ${response.statusText}`,
    );
  }
}
