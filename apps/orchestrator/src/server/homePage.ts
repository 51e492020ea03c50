/** `/` when the web app has not been built (apps/web/dist is missing). */
export const WEB_APP_MISSING_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>guilds</title></head>
<body>
<h1>guilds</h1>
<p>The server is running, but the web app is not built: run <code>npm run build</code> (or start
the server with <code>npm start</code>, which builds it). The CLI (<code>npx guilds --help</code>) and
the HTTP API, described by <a href="/api/openapi.json">/api/openapi.json</a>, work without it.</p>
</body>
</html>
`;
