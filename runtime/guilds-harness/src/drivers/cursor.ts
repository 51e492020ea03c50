import { removeCursorConfiguration } from "./cursorConfig.ts";
import { CURSOR_KEY_VARIABLE, cursorCredential } from "./cursorCredential.ts";
import { createCursorParser } from "./cursorEvents.ts";
import type { HarnessDriver, Launch, LaunchInput } from "./driver.ts";
import { variablesToUnset } from "./environment.ts";
import { promptFileInstruction } from "./promptFileInstruction.ts";
import { VERSION_FLAG } from "./versionToken.ts";

function launchCursor(input: LaunchInput): Launch {
  // --trust skips the workspace prompt a headless run cannot answer. --api-key is never passed.
  const argv = ["agent", "-p", "--output-format", "stream-json", "--force", "--trust"];
  if (input.model) argv.push("--model", input.model);
  if (input.sessionId) argv.push("--resume", input.sessionId);
  argv.push(promptFileInstruction(input.promptFile));
  // A run on an API key keeps it: that is how an operator runs Cursor on a key instead of a login.
  const strip = input.credential.kind === "secret" ? [] : [CURSOR_KEY_VARIABLE];
  return { argv, setEnv: {}, unsetEnv: variablesToUnset(input.env, strip), prompt: "file" };
}

export const cursorDriver: HarnessDriver = {
  name: "cursor",
  binary: "agent",
  ...VERSION_FLAG,
  credential: cursorCredential,
  removeLocalConfiguration: removeCursorConfiguration,
  launch: launchCursor,
  createParser: createCursorParser,
};
