import { storeSuite } from "./storeSuite.ts";
import { sqliteDatabase } from "./testDatabases.ts";

storeSuite(sqliteDatabase);
