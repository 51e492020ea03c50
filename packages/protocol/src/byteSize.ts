const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;
const TiB = 1024 * GiB;

/** 4294967296 -> "4 GiB", 268435456 -> "256 MiB": the way results and messages name a size. */
export function formatByteSize(bytes: number): string {
  for (const [unit, size] of [
    ["TiB", TiB],
    ["GiB", GiB],
    ["MiB", MiB],
    ["KiB", KiB],
  ] as const) {
    if (bytes >= size) {
      const value = bytes / size;
      return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
    }
  }
  return `${bytes} bytes`;
}

/**
 * A size as an operator writes it, in bytes, or null when the text is not one: the API's limits,
 * the CLI's options and the server's maxima read sizes with it, the web form checks them with it.
 * @example parseByteSize("4G") // 4294967296
 * @example parseByteSize("1.5GiB") // 1610612736
 */
export function parseByteSize(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b)?\s*$/i.exec(text);
  if (!match) return null;
  const units: Record<string, number> = { "": 1, k: KiB, m: MiB, g: GiB, t: TiB };
  const unit = units[(match[2] ?? "").toLowerCase()];
  if (unit === undefined) return null;
  const bytes = Math.floor(Number(match[1]) * unit);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : null;
}
