import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** `npm run dev -w @guilds/web` proxies the API to a server on :7777; the build goes to dist/, served by the orchestrator at `/`. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2048 },
  server: { proxy: { "/api": "http://127.0.0.1:7777" } },
});
