/**
 * The little of the DOM that the functions run inside the page use (page.evaluate, addInitScript),
 * typed here because the benches compile without the DOM lib. Inside such a function:
 * `const page = globalThis as unknown as PageGlobals;`.
 */
export interface PageElement {
  readonly parentElement: PageElement | null;
  readonly scrollHeight: number;
  readonly clientHeight: number;
  scrollTop: number;
  getAttribute(name: string): string | null;
}

export interface PageDocument {
  readonly scrollingElement: PageElement | null;
  readonly documentElement: PageElement;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
}

export interface PageGlobals {
  readonly document: PageDocument;
  readonly localStorage: { setItem(key: string, value: string): void };
  requestAnimationFrame(callback: (time: number) => void): number;
  getComputedStyle(element: PageElement): { overflowY: string };
  MutationObserver: new (
    callback: () => void,
  ) => {
    observe(target: PageDocument, options: Record<string, boolean>): void;
    disconnect(): void;
  };
  /** Where an init script leaves what it saw, for the bench to read. */
  __seen?: { first: number | null; last: number | null };
}
