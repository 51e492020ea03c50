import { readFile } from "node:fs/promises";
import { BROTLI_FILE_QUALITY, compressors, MIN_BYTES } from "./middleware/compression.ts";

type Encoding = keyof typeof compressors;

/** A built asset's bytes, and each encoding of them once made. */
interface CachedAsset {
  version: string;
  body: Promise<Buffer>;
  encoded: Map<Encoding, Promise<Buffer>>;
}

/**
 * The web app's hashed assets, read and compressed once each instead of at every request: a run
 * page's first load asks for ~550 KB of script while the server also reads the run's events, and
 * a file read and a brotli pass per request put the script behind them. A file is read again when
 * its size or time changes (a rebuild in place). Holds at most MAX_ASSETS files.
 */
const MAX_ASSETS = 256;

export class AssetCache {
  readonly #assets = new Map<string, CachedAsset>();

  /** The file's bytes in `encoding` (raw when null or too small to gain from it). */
  async read(
    file: string,
    stats: { size: number; mtimeMs: number },
    encoding: Encoding | null,
  ): Promise<{ body: Buffer; encoding: Encoding | null }> {
    const asset = this.#entry(file, `${stats.size}:${stats.mtimeMs}`);
    const body = await asset.body;
    if (encoding === null || body.length < MIN_BYTES) return { body, encoding: null };
    let encoded = asset.encoded.get(encoding);
    if (encoded === undefined) {
      encoded = encoding === "br" ? compressors.br(body, BROTLI_FILE_QUALITY) : compressors.gzip(body);
      asset.encoded.set(encoding, encoded);
      encoded.catch(() => asset.encoded.delete(encoding));
    }
    return { body: await encoded, encoding };
  }

  #entry(file: string, version: string): CachedAsset {
    const known = this.#assets.get(file);
    if (known !== undefined && known.version === version) return known;
    if (known === undefined && this.#assets.size >= MAX_ASSETS) {
      const oldest = this.#assets.keys().next().value;
      if (oldest !== undefined) this.#assets.delete(oldest);
    }
    const asset: CachedAsset = { version, body: readFile(file), encoded: new Map() };
    asset.body.catch(() => this.#assets.delete(file));
    this.#assets.set(file, asset);
    return asset;
  }
}
