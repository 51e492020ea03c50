import { completeFirstLine, firstLine } from "./firstLine.ts";

/**
 * An assistant message that arrives as text deltas. Its progress line is its first line, given once:
 * as soon as that line is whole, else when the message ends.
 */
export class StreamedMessage {
  private text = "";
  private announced = false;

  get current(): string {
    return this.text;
  }

  append(delta: string): string[] {
    this.text += delta;
    if (this.announced) return [];
    const line = completeFirstLine(this.text);
    if (line === null) return [];
    this.announced = true;
    return [line];
  }

  /** Ends the message and starts an empty one; returns the first line when it was not given yet. */
  end(): { text: string; progress: string[] } {
    const text = this.text;
    const line = this.announced ? null : firstLine(text);
    this.text = "";
    this.announced = false;
    return { text, progress: line === null ? [] : [line] };
  }
}
