import type { Plugin } from "vite";

/**
 * The entry (src/main.tsx) imports the app's chunk (src/boot.tsx) dynamically, so that a run
 * page's first requests go out before the big chunk is parsed; without a hint the browser would ask
 * for that chunk only once the entry ran. This puts `modulepreload` links for it (and the chunks it
 * imports) and a `preload` of its styles in the HTML: they are fetched beside the entry, and run
 * only when the entry imports them. The styles are preloaded, not linked: a stylesheet in the head
 * would hold the entry's script until it is in.
 */
export function preloadAppChunk(entryModule: string): Plugin {
  return {
    name: "guilds-preload-app-chunk",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const bundle = context.bundle;
        if (bundle === undefined) return [];
        const chunks = Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [output] : []));
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(entryModule) === true);
        if (app === undefined)
          throw new Error(`no chunk for ${entryModule}: the app's chunk cannot be preloaded`);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.find((candidate) => candidate.fileName === fileName);
          // The entry is already in the HTML as its script.
          if (scripts.has(fileName) || chunk?.isEntry === true) return;
          scripts.add(fileName);
          for (const css of chunk?.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(app.fileName);
        return [
          ...[...styles].map((file) => ({
            tag: "link",
            attrs: { rel: "preload", as: "style", href: `/${file}` },
            injectTo: "head" as const,
          })),
          ...[...scripts].map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
            injectTo: "head" as const,
          })),
        ];
      },
    },
  };
}
