import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "protocol",
          root: "packages/protocol",
          include: ["test/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "client",
          root: "packages/client",
          include: ["test/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "runtime",
          root: "runtime/common",
          include: ["test/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "guilds-code",
          root: "runtime/guilds-code",
          include: ["test/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "guilds-harness",
          root: "runtime/guilds-harness",
          include: ["test/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "orchestrator",
          root: "apps/orchestrator",
          include: ["test/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "web",
          root: "apps/web",
          include: ["test/**/*.test.{ts,tsx}"],
          // A test that awaits a lazy chunk waits for its first transform, slow on a loaded machine.
          testTimeout: 30_000,
        },
      },
      {
        // A real orchestrator and Debian's chromium (playwright-core): skipped, with the reason, without one.
        test: {
          name: "web-e2e",
          root: "apps/web",
          include: ["e2e/**/*.test.ts"],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
