// The GraphQL documents DataHub's MCP server (mcp-server-datahub, pinned in test/conformance/requirements.txt)
// sends, read from the package installed in the conformance virtualenv (`.venv`): its `gql` folder. Nothing
// of the package is committed here; a test reads it where pip put it, as the registry check reads the model.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const MCP_PACKAGE = 'mcp_server_datahub';

/** The package's folder in `.venv`, or a message saying how to get it. */
export function mcpPackageDir(root: string): string | { missing: string } {
  const lib = path.join(root, '.venv', 'lib');
  const how =
    'run the test command once (npm test), which installs test/conformance/requirements.txt in .venv';
  if (!existsSync(lib)) return { missing: `no virtualenv at .venv: ${how}` };
  for (const py of readdirSync(lib).filter((d) => d.startsWith('python'))) {
    const dir = path.join(lib, py, 'site-packages', MCP_PACKAGE);
    if (existsSync(path.join(dir, 'gql'))) return dir;
  }
  return { missing: `mcp-server-datahub is not installed in .venv: ${how}` };
}

/**
 * The lines the server sends only to DataHub Cloud (which it tells by a `baseUrl` in `/config`, which
 * DataHub's own service, like neohub, does not have): commented out, as the server does.
 */
const withoutCloudLines = (text: string): string =>
  text
    .split('\n')
    .map((line) => (line.includes('#[CLOUD]') ? `# ${line}` : line))
    .join('\n');

/**
 * Each `.gql` file of the package, by name, as the server first sends it to DataHub's own service: without
 * its Cloud lines, with the lines it marks for newer servers (it drops those after a validation error).
 */
export function mcpDocuments(dir: string): Map<string, string> {
  const gql = path.join(dir, 'gql');
  return new Map(
    readdirSync(gql)
      .filter((f) => f.endsWith('.gql'))
      .sort()
      .map((f) => [f, withoutCloudLines(readFileSync(path.join(gql, f), 'utf8'))]),
  );
}
