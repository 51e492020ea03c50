import { shellQuote } from "./shellQuote.ts";
import { TOKEN_SECTION } from "./tokensFile.ts";

/** The script's file name; the home's config finds (and replaces) our helper by it. */
export const CREDENTIAL_HELPER_NAME = "guilds-credential-helper";

/**
 * A git credential helper: answers "get" with the entry of the tokens file that best matches the
 * protocol, host and path git asks about (credential.useHttpPath sends the path), and nothing when
 * none matches. "store" and "erase" are ignored: the tokens are the orchestrator's, refreshed
 * before each call. git parses the tokens file, so no token is ever parsed by the shell.
 */
export function credentialHelperScript(tokensFile: string): string {
  return `#!/bin/bash
# Written by guilds: answers git's credential requests from the tokens file. Gone with the machine.
[ "$1" = get ] || exit 0
tokens=${shellQuote(tokensFile)}
protocol= host= path=
while IFS= read -r line && [ -n "$line" ]; do
  case $line in
    protocol=*) protocol=\${line#protocol=} ;;
    host=*) host=\${line#host=} ;;
    path=*) path=\${line#path=} ;;
  esac
done
[ -n "$protocol" ] && [ -n "$host" ] && [ -f "$tokens" ] || exit 0
url="$protocol://$host/$path"
username=$(git config --file "$tokens" --get-urlmatch ${TOKEN_SECTION}.username "$url") || exit 0
password=$(git config --file "$tokens" --get-urlmatch ${TOKEN_SECTION}.password "$url") || exit 0
printf 'username=%s\\npassword=%s\\n' "$username" "$password"
`;
}

/**
 * The value of credential.helper that runs the script: through bash, so it needs no exec bit (a
 * runtime folder may be mounted noexec), and quoted, since the machine's paths are not ours to choose.
 */
export function credentialHelperCommand(scriptPath: string): string {
  return `!bash ${shellQuote(scriptPath)}`;
}
