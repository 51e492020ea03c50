import type { HarnessDriver, Launch, LaunchInput } from "./driver.ts";
import { firstSetVariable, offSubscriptionUnset } from "./environment.ts";
import { removeGeminiConfiguration } from "./geminiConfig.ts";
import { GEMINI_KEY_VARIABLES, geminiCredential } from "./geminiCredential.ts";
import { createGeminiParser } from "./geminiEvents.ts";
import { writeGeminiSettings } from "./geminiSettings.ts";
import { VERSION_FLAG } from "./versionToken.ts";

/** CODE_ASSIST_ENDPOINT would send the login's token elsewhere. */
const OFF_SUBSCRIPTION = [
  ...GEMINI_KEY_VARIABLES,
  "GOOGLE_GENAI_USE_VERTEXAI",
  "GOOGLE_CLOUD_PROJECT",
  "GOOGLE_CLOUD_PROJECT_ID",
  "GOOGLE_CLOUD_LOCATION",
  "GOOGLE_GEMINI_BASE_URL",
  "GOOGLE_VERTEX_BASE_URL",
  "GOOGLE_APPLICATION_CREDENTIALS",
  "GEMINI_CLI_USE_COMPUTE_ADC",
  "CODE_ASSIST_ENDPOINT",
];
/** A run on an API key keeps the key and the base URL: how an operator points it at a compatible server. */
const KEPT_ON_SECRET: readonly string[] = [...GEMINI_KEY_VARIABLES, "GOOGLE_GEMINI_BASE_URL"];

function launchGemini(input: LaunchInput): Launch {
  const secret = input.credential.kind === "secret";
  // A non-TTY stdin is the prompt and makes the run headless.
  const argv = ["gemini", "--output-format", "stream-json", "--yolo"];
  if (input.model) argv.push("-m", input.model);
  if (input.sessionId) argv.push("--resume", input.sessionId);
  const setEnv: Record<string, string> = {
    // Untrusted folders exit 55 in headless mode.
    GEMINI_CLI_TRUST_WORKSPACE: "true",
  };
  const systemSettings = writeGeminiSettings(input.stateDir, input.home, input.credential.kind);
  if (systemSettings !== null) setEnv.GEMINI_CLI_SYSTEM_SETTINGS_PATH = systemSettings;
  if (!secret) setEnv.GOOGLE_GENAI_USE_GCA = "true";
  // The gemini-api-key auth type reads GEMINI_API_KEY only.
  if (secret && firstSetVariable(input.env, GEMINI_KEY_VARIABLES) === "GOOGLE_API_KEY") {
    // Holds the key's value: Launch.setEnv is never logged nor kept.
    setEnv.GEMINI_API_KEY = input.env.GOOGLE_API_KEY ?? "";
  }
  return {
    argv,
    setEnv,
    unsetEnv: offSubscriptionUnset(input, OFF_SUBSCRIPTION, KEPT_ON_SECRET),
    prompt: "stdin",
  };
}

export const geminiDriver: HarnessDriver = {
  name: "gemini",
  binary: "gemini",
  ...VERSION_FLAG,
  credential: geminiCredential,
  removeLocalConfiguration: removeGeminiConfiguration,
  launch: launchGemini,
  createParser: createGeminiParser,
};
