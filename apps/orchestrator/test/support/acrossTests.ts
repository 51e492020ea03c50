import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

interface Disposable {
  dispose(): Promise<void>;
}

/**
 * For the file or describe block that calls it: `create()` before its tests, `dispose()` after them.
 * What it returns stands for the made value (a proxy to it), so the tests use it as they would the
 * value itself, once the beforeAll has run.
 */
export function useAcrossTests<T extends Disposable>(create: () => Promise<T>): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await create();
  });
  afterAll(async () => {
    await made?.dispose();
  });
  return standIn(() => made);
}

/**
 * The same for each test of the block: `create()` before it (unless `skip` is set: its tests are
 * skipped), `dispose()` after it.
 */
export function usePerTest<T extends Disposable>(create: () => Promise<T>, skip?: unknown): T {
  let made: T | undefined;
  beforeEach(async () => {
    if (skip) return;
    made = await create();
  });
  afterEach(async () => {
    await made?.dispose();
    made = undefined;
  });
  return standIn(() => made);
}

function standIn<T extends object>(current: () => T | undefined): T {
  const value = (): T => {
    const made = current();
    if (made === undefined) throw new Error("A value shared by tests is there only once its hook has run.");
    return made;
  };
  // The target only gives the proxy a type: every read goes to the value made.
  return new Proxy({} as T, { get: (_target, key) => Reflect.get(value(), key) });
}
