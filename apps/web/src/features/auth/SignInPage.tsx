import { type FormEvent, useId, useState } from "react";
import { ApiError } from "../../api/apiClient.ts";
import { saveOperatorToken } from "../../api/operatorToken.ts";
import { Button } from "../../ui/Button.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { Field } from "../../ui/Field.tsx";
import { CopyCommand } from "./CopyCommand.tsx";
import { checkOperatorToken } from "./checkOperatorToken.ts";
import "./signIn.css";

export const TOKEN_COMMAND = "npx guilds token create <name>";

/**
 * The way in: the API wants an operator's bearer token. The page says how to make one, checks it
 * with the server, and keeps it in this browser only once the server has taken it.
 */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [token, setToken] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  const introId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = token.trim();
    setError(null);
    if (candidate === "") {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await checkOperatorToken(candidate);
      saveOperatorToken(candidate);
      onSignedIn();
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };

  return (
    <main className="sign-in">
      <div className="sign-in-card">
        <p className="sign-in-brand" aria-hidden="true">
          <span className="sign-in-mark" />
          guilds
        </p>
        <h1>Sign in</h1>
        <div id={introId} className="sign-in-intro">
          <p>This server's API needs an operator token. Create one on the server's host:</p>
          <CopyCommand command={TOKEN_COMMAND} />
          <p className="sign-in-note">
            It prints the token once. Paste it here: the app keeps it in this browser only, and sends it with
            each request.
          </p>
        </div>
        <form className="form" onSubmit={submit} noValidate aria-describedby={introId}>
          <Field label="Operator token" error={missing ? "Paste the token the command printed." : null}>
            {(control) => (
              <input
                {...control}
                className="input input-mono"
                type="password"
                value={token}
                onChange={(event) => {
                  setToken(event.target.value);
                  setMissing(false);
                }}
                autoComplete="off"
                spellCheck={false}
                // biome-ignore lint/a11y/noAutofocus: the page's one field; nothing else to do here.
                autoFocus
              />
            )}
          </Field>
          <Button type="submit" variant="primary" busy={busy} className="sign-in-submit">
            Sign in
          </Button>
          {isRefusedToken(error) ? (
            <div role="alert" className="error-notice">
              <strong>The server did not take this token: </strong>
              it was revoked, mistyped, or made by another server. Create a new one with the command above and
              paste it here.
            </div>
          ) : (
            <ErrorNotice error={error} title="The server did not take this token" />
          )}
        </form>
      </div>
    </main>
  );
}

/**
 * The server refused the token itself (401). Its message is written for an API client (send
 * `Authorization: Bearer <token>`); a browser user pasted a token and needs to hear only that it was
 * not taken, and what to do.
 */
function isRefusedToken(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
