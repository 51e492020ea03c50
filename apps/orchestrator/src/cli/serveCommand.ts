import { GuildsError } from "@guilds/protocol/guildsError";
import { createAdaptorServer } from "@hono/node-server";
import { startServices } from "../app/startServices.ts";
import { loadConfig } from "../config.ts";
import { createPinoLogger } from "../logging/pinoLogger.ts";
import { NOTICE } from "../logging/serverLogger.ts";
import { ServerStop } from "../runs/serverStop.ts";
import { builtWebApp } from "../server/webApp.ts";
import { parseCommandArgs, takePositionals } from "./commandArgs.ts";
import { stopAccepting } from "./drainHttpServer.ts";
import { sandboxFromEnvironment, serverHost, serverPort } from "./settings.ts";
import { EXIT_FAILED, EXIT_OK } from "./usage.ts";

/**
 * guilds serve: the services and the HTTP API on HOST:PORT (127.0.0.1:7777 by default). Resolves
 * once SIGINT or SIGTERM has closed the server, the runs and the store.
 */
export async function runServe(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseCommandArgs("serve", argv, { port: { type: "string" } });
  takePositionals("serve", positionals, []);
  const port = serverPort(values.port, environment);
  const host = serverHost(environment);
  const sandbox = sandboxFromEnvironment(environment);
  const config = configOrUsage(environment);
  // Where the server's lines go once startServices has redacted them.
  const logger = await createPinoLogger(config.logLevel);
  const services = await startServices(config, { environment, sandbox, logger });
  const server = createAdaptorServer({ fetch: services.app.fetch });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", (error: NodeJS.ErrnoException) =>
        reject(
          error.code === "EADDRINUSE"
            ? new GuildsError(
                "cli.usage",
                `port ${port} is already in use on ${host}; pass --port <another port> or set PORT.`,
              )
            : error,
        ),
      );
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    await services.close();
    throw error;
  }
  if (!isLoopback(host)) {
    services.logger.warn(
      `HOST=${host}: the API is reachable from other machines. Every /api call needs a token, but put TLS in front of it; requests must name this host by its address, localhost, or a name of GUILDS_ALLOWED_HOSTS (${config.allowedHosts === undefined ? "unset" : config.allowedHosts.join(",")}).`,
    );
  }
  const notice = (line: string) => services.logger.info(line, NOTICE);
  notice(`guilds is listening on http://${host}:${port} (data in ${config.home})`);
  if (builtWebApp() === null) notice("The web app is not built: `npm run build` builds it.");
  else
    notice(
      `The web app: http://${host}:${port} (sign in with a token from \`npx guilds token create <name>\`)`,
    );
  for (const line of services.notice) notice(line);
  const why = await new Promise<{ lostClaim: boolean; signal?: NodeJS.Signals }>((resolve) => {
    let stopping = false;
    const stop = (reason: { lostClaim: boolean; signal?: NodeJS.Signals }) => {
      if (stopping) return;
      stopping = true;
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      resolve(reason);
    };
    const onSignal = (signal: NodeJS.Signals) => stop({ lostClaim: false, signal });
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    services.lost.then((lost) => {
      services.logger.error(lost);
      stop({ lostClaim: true });
    });
  });
  notice("guilds is stopping: ending runs interrupted, stopping machines");
  const drain = stopAccepting(server);
  // A restart is not a cancel: the runs end interrupted, and their live streams get run.ended
  // before they close.
  await services.close(new ServerStop(why.signal));
  await drain();
  // The lines of the requests drained, written before the process exits.
  await services.logger.flush();
  return why.lostClaim ? EXIT_FAILED : EXIT_OK;
}

function configOrUsage(environment: NodeJS.ProcessEnv) {
  try {
    return loadConfig(environment);
  } catch (caught) {
    if (caught instanceof GuildsError && caught.code === "config.invalid")
      throw new GuildsError("cli.usage", caught.message);
    throw caught;
  }
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}
