import { createServer, type ServerResponse } from "node:http";
import { parseArgs } from "node:util";
import { serverPort } from "./settings.ts";
import { EXIT_OK, UsageError } from "./usage.ts";

const HOST = "127.0.0.1";

/**
 * guilds serve: the server's skeleton. It answers GET /healthz until the runs and the API land,
 * so the README's main command runs. Resolves once the server has closed (SIGINT or SIGTERM).
 */
export async function runServe(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const port = serverPort(parseServeArgs(argv).port, environment);
  const server = createServer((request, response) => {
    if (request.method === "GET" && request.url?.split("?")[0] === "/healthz") {
      return sendJson(response, 200, { ok: true });
    }
    sendJson(response, 404, {
      error: {
        code: "not_found",
        message: `No route for ${request.method} ${request.url}; try GET /healthz.`,
      },
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new UsageError(`port ${port} is already in use on ${HOST}; pass --port <another port>.`)
          : error,
      ),
    );
    server.listen(port, HOST, resolve);
  });
  process.stderr.write(`guilds is listening on http://${HOST}:${port} (GET /healthz)\n`);
  await new Promise<void>((resolve) => {
    const close = () => server.close(() => resolve());
    process.once("SIGINT", close);
    process.once("SIGTERM", close);
  });
  return EXIT_OK;
}

function parseServeArgs(argv: string[]): { port?: string } {
  try {
    const { values } = parseArgs({ args: argv, options: { port: { type: "string" } }, strict: true });
    return values;
  } catch (caught) {
    throw new UsageError(`serve: ${caught instanceof Error ? caught.message : String(caught)}`);
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(`${JSON.stringify(body)}\n`);
}
