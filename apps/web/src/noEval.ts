import { parseWithoutEval } from "@guilds/protocol/zodWithoutEval";

// Imported first by the entry (main.tsx), so it runs before any chunk that builds a zod schema.
parseWithoutEval();
