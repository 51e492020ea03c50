/**
 * The machine's own idle stop: `onIdle` is called once nothing has been in flight and nothing has
 * happened for `idleMs`. With no idleMs it only counts.
 */
export class IdleClock {
  private busy = 0;
  private lastActivity = Date.now();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly idleMs: number | null,
    private readonly onIdle: () => void,
  ) {
    this.arm();
  }

  /** Activity: the idle period starts over. */
  touch(): void {
    this.lastActivity = Date.now();
  }

  /** Something is in flight until the returned function (safe to call twice) is called. */
  begin(): () => void {
    this.busy += 1;
    this.touch();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.busy -= 1;
      this.touch();
      this.arm();
    };
  }

  private arm(): void {
    if (this.idleMs === null || this.busy > 0 || this.timer) return;
    const idleMs = this.idleMs;
    const wait = Math.max(1, idleMs - (Date.now() - this.lastActivity));
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.busy > 0) return;
      // Activity since the timer was set only moved lastActivity: wait out what is left.
      if (idleMs - (Date.now() - this.lastActivity) > 0) this.arm();
      else this.onIdle();
    }, wait);
  }
}
