import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, test } from "vitest";
import { createModelProvider } from "../../src/providers/createModelProvider.ts";
import type { GenerationEvent } from "../../src/providers/modelProvider.ts";
import { collectEvents, errorOf, generateFromText, textOf } from "./collectGeneration.ts";
import { API_KEY, type FakeServerFixture } from "./realProviderCase.ts";

/** How every real provider fails: coded errors with advice, few retries, prompt cancels. */
export function describeFailureContract({ testCase, server, provider }: FakeServerFixture) {
  describe(`${testCase.name}: failures against the fake server`, () => {
    test("401 is provider.auth, says which key to set, and is not retried", async () => {
      server().enqueue({ type: "error", status: 401, message: "invalid api key" });
      const error = errorOf(await collectEvents(generateFromText(provider(3), "Hi.")));
      expect(error.code).toBe("provider.auth");
      expect(error.message).toContain("HTTP 401: invalid api key");
      expect(error.message).toMatch(testCase.keyAdvice);
      expect(server().requests).toHaveLength(1);
    });

    test("500 is provider.error after one retry", async () => {
      server().enqueue(
        { type: "error", status: 500, message: "boom", retryAfterMs: 0 },
        { type: "error", status: 500, message: "boom again", retryAfterMs: 0 },
      );
      const error = errorOf(await collectEvents(generateFromText(provider(1), "Hi.")));
      expect(error.code).toBe("provider.error");
      expect(error.message).toContain("after 2 attempts (HTTP 500: boom again)");
      expect(server().requests).toHaveLength(2);
    });

    test("an error inside the stream is provider.error, after the text that came before it", async () => {
      server().enqueue({
        type: "stream",
        blocks: [{ type: "text", chunks: ["Start"] }],
        streamError: "Overloaded",
      });
      const events = await collectEvents(generateFromText(provider(), "Hi."));
      expect(textOf(events)).toBe("Start");
      const error = errorOf(events);
      expect(error.code).toBe("provider.error");
      expect(error.message).toContain("Overloaded");
    });

    test("429 is provider.rate_limited", async () => {
      server().enqueue({ type: "error", status: 429, message: "slow down" });
      const error = errorOf(await collectEvents(generateFromText(provider(), "Hi.")));
      expect(error.code).toBe("provider.rate_limited");
      expect(error.message).toContain("HTTP 429: slow down");
    });

    test("an abort mid-stream ends the generation promptly and closes the request", async () => {
      server().enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["Thinking"] }], hang: true });
      const controller = new AbortController();
      const closed = server().clientClosed();
      const events: GenerationEvent[] = [];
      let abortedAt = 0;
      for await (const event of generateFromText(provider(), "Think.", controller.signal)) {
        events.push(event);
        if (event.type === "text-delta") {
          abortedAt = performance.now();
          controller.abort();
        }
      }
      expect(performance.now() - abortedAt).toBeLessThan(500);
      expect(textOf(events)).toBe("Thinking");
      expect(errorOf(events).code).toBe("provider.cancelled");
      await closed;
    });

    test("a stream that goes silent fails after the idle timeout, and closes the request", async () => {
      server().enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["Thinking"] }], hang: true });
      const closed = server().clientClosed();
      const silent = createModelProvider(testCase.config(`${server().origin}/v1`, API_KEY), {
        maxRetries: 0,
        idleTimeoutMs: 300,
        environment: {},
      });
      const events = await collectEvents(generateFromText(silent, "Think."));
      expect(textOf(events)).toBe("Thinking");
      const error = errorOf(events);
      expect(error.code).toBe("provider.error");
      expect(error.message).toMatch(/^No data from .+ for 0.3 s: the generation was stopped\. Try again\.$/);
      await closed;
    });

    test("a consumer that stops reading closes the request", async () => {
      server().enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["Thinking"] }], hang: true });
      const closed = server().clientClosed();
      for await (const event of generateFromText(provider(), "Think.")) {
        if (event.type === "text-delta") break;
      }
      await closed;
    });

    test("a server that is not listening is provider.unreachable", async () => {
      const deadPort = await unusedPort();
      const unreachable = createModelProvider(testCase.config(`http://127.0.0.1:${deadPort}/v1`, API_KEY), {
        maxRetries: 0,
        environment: {},
      });
      const error = errorOf(await collectEvents(generateFromText(unreachable, "Hi.")));
      expect(error.code).toBe("provider.unreachable");
      expect(error.message).toContain(`127.0.0.1:${deadPort}`);
      expect(error.message).toContain("ECONNREFUSED");
    });
  });
}

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
