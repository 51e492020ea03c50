import { storeSuite } from "./storeSuite.ts";
import { postgresDatabase } from "./testDatabases.ts";

// GUILDS_TEST_DATABASE_URL, else a throwaway cluster, else skipped with the reason printed.
storeSuite(await postgresDatabase());
