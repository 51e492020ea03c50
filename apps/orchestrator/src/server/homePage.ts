/** `/` until the web app lands. */
export const HOME_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>guilds</title></head>
<body>
<h1>guilds</h1>
<p>The server is running. The web app arrives with a later issue; until then, use the CLI
(<code>npx guilds --help</code>) or the HTTP API, described by <a href="/api/openapi.json">/api/openapi.json</a>.</p>
</body>
</html>
`;
