// The directions imports may take (ARCHITECTURE.md, "What may import what"); `npm run check` fails
// on any import against them.
/**
 * Inside the orchestrator: [rule, why, folder, what it never imports (a pattern after src/)].
 */
const ORCHESTRATOR_DIRECTIONS = [
  [
    "tools-never-import-the-engine",
    "A tool reaches its run only through its ToolContext: tools/ never imports runs/, the server or the CLI.",
    "tools",
    "(runs|server|app|cli)/",
  ],
  [
    "transport-knows-no-tool",
    "The helper transport (toolbox/) reads the protocol's contracts; it never imports a tool, the engine or the store.",
    "toolbox",
    "(tools|runs|server|app|cli|store)/",
  ],
  [
    "machines-know-no-tool",
    "A machine runs processes; it never imports the tools, the transport, the engine, the server or the CLI.",
    "machines",
    "(tools|toolbox|runs|server|app|cli)/",
  ],
  [
    "images-know-no-caller",
    "The sandbox image and the engine client build and reach images; they never import the tools, the transport, the engine, the store, the server or the CLI.",
    "images",
    "(tools|toolbox|runs|store|server|app|cli)/",
  ],
  [
    "pipeline-stands-alone",
    "The result pipeline (redaction, the cap, the trailer) imports nothing else of the server.",
    "pipeline",
    "(?!pipeline/)",
  ],
  [
    "metrics-stand-alone",
    "The metrics (prom-client's registry and what counts into it) import nothing else of the server: every part counts into them.",
    "metrics",
    "(?!metrics/)",
  ],
  [
    "store-knows-no-caller",
    "The store never imports what uses it (tools, transport, engine, server, CLI).",
    "store",
    "(tools|toolbox|runs|server|app|cli)/",
  ],
  [
    "engine-never-imports-the-server",
    "The run engine is driven by the server and the CLI, never the other way.",
    "runs",
    "(server|app|cli)/",
  ],
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "protocol-imports-nothing-of-the-project",
      comment: "packages/protocol holds the wire contracts: it imports only itself and npm packages.",
      severity: "error",
      from: { path: "^packages/protocol/" },
      to: { path: "^(apps|runtime|bench|scripts)/" },
    },
    {
      name: "protocol-is-pure",
      comment:
        "packages/protocol/src does no I/O: no Node built-in modules (runtime code lives in runtime/).",
      severity: "error",
      from: { path: "^packages/protocol/src/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "client-imports-only-the-protocol",
      comment:
        "packages/client runs in the browser and in the CLI: its sources import the protocol and npm packages, never the server, the runtime or a Node built-in module (only its generator reads the server's routes).",
      severity: "error",
      from: { path: "^packages/client/src/" },
      to: { path: "^(apps|runtime|bench|scripts)/|^packages/client/generate/" },
    },
    {
      name: "client-is-portable",
      comment: "packages/client/src runs in the browser too: no Node built-in modules.",
      severity: "error",
      from: { path: "^packages/client/src/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "runtime-never-imports-apps",
      comment: "The helpers inside the machine never import the server or the web app.",
      severity: "error",
      from: { path: "^runtime/" },
      to: { path: "^apps/" },
    },
    {
      name: "web-imports-only-the-protocol",
      comment:
        "The web app (and its unit tests) import the protocol, the client and npm packages, never the server or the runtime; only the end-to-end tests, which start a real server, use the server's test fixtures.",
      severity: "error",
      from: { path: "^apps/web/(src|test)/" },
      to: { path: "^(apps/orchestrator|runtime)/" },
    },
    {
      name: "web-features-are-independent",
      comment:
        "A feature folder of the web app never imports another: what two need lives outside features/.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "web-agent-features-are-independent",
      comment: "The agent page's feature folders (chat, runs, settings) never import each other.",
      severity: "error",
      from: { path: "^apps/web/src/features/agent/([^/]+)/" },
      to: { path: "^apps/web/src/features/agent/", pathNot: "^apps/web/src/features/agent/$1/" },
    },
    {
      name: "server-never-imports-web-sources",
      comment: "The server serves the built web app; it shares types with it only through the protocol.",
      severity: "error",
      from: { path: "^apps/orchestrator/" },
      to: { path: "^apps/web/" },
    },
    ...ORCHESTRATOR_DIRECTIONS.map(([name, comment, from, never]) => ({
      name,
      comment,
      severity: "error",
      from: { path: `^apps/orchestrator/src/${from}/` },
      to: { path: `^apps/orchestrator/src/${never}` },
    })),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|\\.out)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
    combinedDependencies: true,
  },
};
