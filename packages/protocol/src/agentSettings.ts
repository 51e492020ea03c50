import { HARNESS_NAMES } from "./harness.ts";

/*
 * An agent's settings: the choices and bounds the server checks and the web app's form offers, in
 * one place.
 */

/** The harnesses an agent may name for code_task. */
export const HARNESSES = HARNESS_NAMES;

export const MODEL_PROVIDERS = ["anthropic", "openai", "openai-compatible", "scripted"] as const;
export type ModelProviderName = (typeof MODEL_PROVIDERS)[number];

export const MAX_TOOL_CALLS_DEFAULT = 100;
export const MAX_TOOL_CALLS_LIMIT = 10_000;
/** The agent's machine stops after this many minutes unused. */
export const IDLE_STOP_MINUTES_DEFAULT = 30;
export const IDLE_STOP_MINUTES_LIMIT = 24 * 60;
