import { removeCodexTurnFiles } from "./codexManagedConfig.ts";
import { namesInside, removeInside } from "./localConfig.ts";

/** Keeps ~/.codex/auth.json, sessions/ and the *.sqlite state. */
export function removeCodexConfiguration({ home }: { home: string; repoDir: string }): void {
  for (const relative of [".codex/config.toml", ".codex/AGENTS.md", ".codex/rules", ".codex/skills"]) {
    removeInside(home, relative);
  }
  // Profiles: ~/.codex/<profile>.config.toml, layered by -p.
  for (const name of namesInside(home, ".codex")) {
    if (/^.+\.config\.toml$/.test(name)) removeInside(home, `.codex/${name}`);
  }
  // What a turn whose result was never read left behind.
  removeCodexTurnFiles({ home });
}
