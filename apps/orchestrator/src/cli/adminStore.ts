import { GuildsError } from "@guilds/protocol/guildsError";
import { loadConfig } from "../config.ts";
import { openStore, type Store } from "../store/store.ts";

/**
 * Admin commands run on the server's host and talk to its store directly (the same GUILDS_HOME or
 * DATABASE_URL as the server), so they work whether the server is up or not.
 */
export async function withAdminStore<T>(environment: NodeJS.ProcessEnv, work: (store: Store) => Promise<T>) {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(environment);
  } catch (caught) {
    if (caught instanceof GuildsError && caught.code === "config.invalid")
      throw new GuildsError("cli.usage", caught.message);
    throw caught;
  }
  const store = await openStore(config);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}
