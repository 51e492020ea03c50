import { parseWithoutEval } from "@guilds/protocol/zodWithoutEval";

// Imported first by boot.tsx, so it runs before any module that parses.
parseWithoutEval();
