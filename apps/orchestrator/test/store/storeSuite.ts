import { describe } from "vitest";
import { agentCases } from "./agentCases.ts";
import { allSecretValuesCases } from "./allSecretValuesCases.ts";
import { contextVersionCases } from "./contextVersionCases.ts";
import { crashCases } from "./crashCases.ts";
import { deletionCases } from "./deletionCases.ts";
import { eventCases } from "./eventCases.ts";
import { guildCases } from "./guildCases.ts";
import { interruptCases } from "./interruptCases.ts";
import { messageCases } from "./messageCases.ts";
import { migrationCases } from "./migrationCases.ts";
import { noteCases } from "./noteCases.ts";
import { queuedMessageCases } from "./queuedMessageCases.ts";
import { runBoardCases } from "./runBoardCases.ts";
import { runCases } from "./runCases.ts";
import { secretCases } from "./secretCases.ts";
import { serverLeaseCases } from "./serverLeaseCases.ts";
import { storeTest } from "./storeFixture.ts";
import type { TestDatabase } from "./testDatabases.ts";
import { tokenCases } from "./tokenCases.ts";
import { toolCallCases } from "./toolCallCases.ts";

/** The whole store suite on one database: the same cases for SQLite and PostgreSQL. */
export function storeSuite(database: TestDatabase): void {
  describe.skipIf(database.skipReason !== undefined).concurrent(`store on ${database.label}`, () => {
    const test = storeTest(database);
    migrationCases(test, database);
    contextVersionCases(test);
    guildCases(test);
    agentCases(test);
    secretCases(test, database);
    allSecretValuesCases(test);
    tokenCases(test);
    deletionCases(test);
    noteCases(test);
    runCases(test);
    runBoardCases(test);
    messageCases(test);
    queuedMessageCases(test);
    toolCallCases(test);
    eventCases(test);
    interruptCases(test);
    crashCases(test);
    serverLeaseCases(test);
  });
}
