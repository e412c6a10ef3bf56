import { GRAPHIQL_ASSETS } from './graphiql-assets.js';

/** The two GraphQL endpoints GraphiQL can talk to, by the `endpoint` query parameter's values. */
export const GRAPHIQL_ENDPOINTS = {
  graph: { url: '/api/graph', label: 'Graph explorer (/api/graph)' },
  graphql: { url: '/api/graphql', label: 'DataHub GraphQL (/api/graphql)' },
} as const;

const EXAMPLES: Record<keyof typeof GRAPHIQL_ENDPOINTS, string> = {
  graph: `# The native graph: filter with where, follow edges both ways.
{
  datasets(limit: 10, where: { removed: { eq: false } }) {
    urn
    name
    ownedBy { urn entityType }
    downstreamOf { urn }
    upstreamOf { urn }
    taggedWith { urn }
  }
}
`,
  graphql: `# DataHub's GraphQL API.
query ($urn: String!) {
  dataset(urn: $urn) {
    urn
    name
    ownership { owners { owner { ... on CorpUser { urn } } } }
  }
}
`,
};

const assetUrl = (name: string): string => `/api/graphiql/assets/${name}`;

/** The GraphiQL page: static HTML that loads the bundles from /api/graphiql/assets and picks an endpoint. */
export function graphiqlPage(): string {
  const scripts = Object.entries(GRAPHIQL_ASSETS)
    .filter(([, a]) => a.file.endsWith('.js'))
    .map(([name]) => `    <script src="${assetUrl(name)}"></script>`)
    .join('\n');
  const options = Object.entries(GRAPHIQL_ENDPOINTS)
    .map(([key, e]) => `<option value="${key}">${e.label}</option>`)
    .join('');
  const config = JSON.stringify({ endpoints: GRAPHIQL_ENDPOINTS, examples: EXAMPLES }).replace(
    /</g,
    '\\u003c',
  );
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>neohub GraphiQL</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${assetUrl('graphiql.min.css')}" />
    <style>
      body { margin: 0; height: 100vh; display: flex; flex-direction: column; font-family: sans-serif; }
      header { padding: 6px 12px; border-bottom: 1px solid #ddd; font-size: 14px; }
      .hint { margin-left: 12px; color: #555; }
      #graphiql { flex: 1; min-height: 0; }
    </style>
  </head>
  <body>
    <header>
      <label>neohub endpoint: <select id="endpoint">${options}</select></label>
      <span class="hint">Every request needs a token: put it in the <b>Headers</b> tab below, as
        <code>{"Authorization": "Bearer &lt;token&gt;"}</code> (the root token is in <code>.neohub/root-token</code>;
        make a personal one on the web app's Admin page or with <code>createAccessToken</code>).</span>
    </header>
    <div id="graphiql">Loading GraphiQL…</div>
${scripts}
    <script>
      (function () {
        var config = ${config};
        var params = new URLSearchParams(location.search);
        var key = config.endpoints[params.get('endpoint')] ? params.get('endpoint') : 'graph';
        var select = document.getElementById('endpoint');
        select.value = key;
        select.onchange = function () {
          location.search = '?endpoint=' + encodeURIComponent(select.value);
        };
        var root = ReactDOM.createRoot(document.getElementById('graphiql'));
        root.render(
          React.createElement(GraphiQL, {
            fetcher: GraphiQL.createFetcher({ url: config.endpoints[key].url }),
            storage: GraphiQL.createLocalStorage({ namespace: 'neohub-' + key }),
            defaultQuery: config.examples[key],
            defaultHeaders: '{"Authorization": "Bearer <token>"}',
          }),
        );
      })();
    </script>
  </body>
</html>
`;
}
