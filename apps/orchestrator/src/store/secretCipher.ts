import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { GuildsError } from "@guilds/protocol/guildsError";

const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Stored form: "v1:" + base64(iv ‖ tag ‖ ciphertext). The version leaves room for a new key scheme. */
const VERSION_PREFIX = "v1:";

/**
 * AES-256-GCM for secret values. Each value is bound to its row (`context`, the secret's id, as
 * additional authenticated data), so a ciphertext copied onto another row does not decrypt.
 */
export interface SecretCipher {
  encrypt(plaintext: string, context: string): string;
  decrypt(stored: string, context: string): string;
}

/** The key is loaded on first use, so a server with no secrets never creates a key file. */
export function createSecretCipher(loadKey: () => Buffer): SecretCipher {
  let key: Buffer | undefined;
  const currentKey = () => {
    key ??= loadKey();
    return key;
  };
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, currentKey(), iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return VERSION_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64");
    },
    decrypt(stored, context) {
      const sealed = stored.startsWith(VERSION_PREFIX)
        ? Buffer.from(stored.slice(VERSION_PREFIX.length), "base64")
        : Buffer.alloc(0);
      if (sealed.length < IV_BYTES + TAG_BYTES) throw undecryptable();
      const activeKey = currentKey();
      try {
        const decipher = createDecipheriv(ALGORITHM, activeKey, sealed.subarray(0, IV_BYTES), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(context, "utf8"));
        decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const plaintext = Buffer.concat([
          decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]);
        return plaintext.toString("utf8");
      } catch (cause) {
        throw undecryptable(cause);
      }
    },
  };
}

function undecryptable(cause?: unknown): GuildsError {
  return new GuildsError(
    "secret.undecryptable",
    "A stored secret does not decrypt with the current key: GUILDS_SECRET_KEY or <GUILDS_HOME>/secret.key " +
      "changed since it was stored. Restore that key, or set the secret again.",
    { cause },
  );
}
