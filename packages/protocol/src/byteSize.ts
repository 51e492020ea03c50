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
