/**
 * serve's requests in flight, each with its own cancel, so that a cancel line reaches one of them
 * and the end of input reaches all of them.
 */
export class RunningRequests {
  private readonly byId = new Map<string, AbortController>();
  private readonly all = new Set<AbortController>();

  /** Registers a request; its signal fires on its cancel or on cancelAll. */
  start(id: string): { cancelled: AbortSignal; finish(): void } {
    const controller = new AbortController();
    this.byId.set(id, controller);
    this.all.add(controller);
    return {
      cancelled: controller.signal,
      finish: () => {
        this.all.delete(controller);
        // A later request may have reused the id once this one was answered.
        if (this.byId.get(id) === controller) this.byId.delete(id);
      },
    };
  }

  /** Cancels the request running under `id`; nothing when none is. */
  cancel(id: string): void {
    this.byId.get(id)?.abort();
  }

  /** Cancels every running request. */
  cancelAll(): void {
    for (const controller of this.all) controller.abort();
  }
}
