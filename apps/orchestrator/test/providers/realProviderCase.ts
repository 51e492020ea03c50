import { afterAll, beforeAll, beforeEach } from "vitest";
import { createModelProvider } from "../../src/providers/createModelProvider.ts";
import type { ModelConfigInput } from "../../src/providers/modelConfig.ts";
import type { ModelProvider } from "../../src/providers/modelProvider.ts";
import {
  type FakeModelServer,
  type FakeProtocol,
  type RecordedRequest,
  startFakeModelServer,
} from "../fakes/fakeModelServer.ts";

/** One real provider and its fake, and how to read its protocol's request in neutral terms. */
export interface RealProviderCase {
  name: string;
  /** The wire format of its fake server. */
  protocol: FakeProtocol;
  /** The agent config pointing at the fake, with this key. */
  config(baseUrl: string, apiKey: string): ModelConfigInput;
  /** What a 401's message must tell the operator to set. */
  keyAdvice: RegExp;
  read: RequestReader;
}

export interface RequestReader {
  system(request: RecordedRequest): string;
  tools(request: RecordedRequest): Array<{ name: string; description: string; schema: unknown }>;
  operatorTexts(request: RecordedRequest): string[];
  assistantToolCalls(request: RecordedRequest): Array<{ id: string; name: string; input: unknown }>;
  toolResults(request: RecordedRequest): Array<{ id: string; text: string }>;
  /** The key as the request carried it (x-api-key, or the bearer token). */
  apiKey(request: RecordedRequest): string | undefined;
}

export const SYSTEM_PROMPT = "You are a careful engineer. Use the tools.";
export const API_KEY = "test-key-123";

/** A fake server for the file's tests (started once, its records cleared before each test). */
export interface FakeServerFixture {
  testCase: RealProviderCase;
  server(): FakeModelServer;
  /** The provider under test, pointed at the fake with API_KEY. */
  provider(maxRetries?: number): ModelProvider;
  lastRequest(): RecordedRequest;
}

export function useFakeServer(testCase: RealProviderCase): FakeServerFixture {
  let started: FakeModelServer | undefined;
  const server = () => {
    if (started === undefined) throw new Error("the fake server is not started");
    return started;
  };
  beforeAll(async () => {
    started = await startFakeModelServer(testCase.protocol);
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    server().requests.length = 0;
  });
  return {
    testCase,
    server,
    provider: (maxRetries = 0) =>
      createModelProvider(testCase.config(`${server().origin}/v1`, API_KEY), { maxRetries, environment: {} }),
    lastRequest: () => {
      const request = server().requests.at(-1);
      if (request === undefined) throw new Error("the fake received no request");
      return request;
    },
  };
}
