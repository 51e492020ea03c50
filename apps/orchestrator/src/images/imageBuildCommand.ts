import type Docker from "dockerode";
import { DEFAULT_ENGINE_SOCKET } from "./containerEngine.ts";

/**
 * The command that builds the sandbox image on this engine, for messages: with --socket when the
 * engine is not the default socket, with --base for an operator's base image.
 */
export function imageBuildCommand(docker: Docker, base?: string): string {
  const modem = docker.modem as { socketPath?: unknown; host?: unknown };
  const socket =
    typeof modem.socketPath === "string" && modem.socketPath !== DEFAULT_ENGINE_SOCKET
      ? ` --socket ${modem.socketPath}`
      : "";
  const from = base === undefined ? "" : ` --base ${base}`;
  const host = modem.host !== undefined ? " (with the same DOCKER_HOST)" : "";
  return `npx guilds image build${socket}${from}${host}`;
}
