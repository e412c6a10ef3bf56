import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export interface SwaggerUiAsset {
  readonly file: string;
  readonly type: string;
}

/**
 * The files of Swagger UI the page loads, served from the installed `swagger-ui-dist` package (no CDN),
 * under `/openapi/swagger-ui/<name>`.
 */
export const SWAGGER_UI_ASSETS: Readonly<Record<string, SwaggerUiAsset>> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'swagger-ui-standalone-preset.js': {
    file: 'swagger-ui-standalone-preset.js',
    type: 'text/javascript; charset=utf-8',
  },
  'favicon-32x32.png': { file: 'favicon-32x32.png', type: 'image/png' },
  'favicon-16x16.png': { file: 'favicon-16x16.png', type: 'image/png' },
};

const loaded = new Map<string, Promise<Buffer>>();

/** An asset's bytes, read once from the package's folder (found from this module, in src/ or dist/). */
export function readSwaggerUiAsset(asset: SwaggerUiAsset): Promise<Buffer> {
  let bytes = loaded.get(asset.file);
  if (!bytes) {
    const folder = dirname(require.resolve('swagger-ui-dist/package.json'));
    bytes = readFile(join(folder, asset.file));
    bytes.catch(() => loaded.delete(asset.file));
    loaded.set(asset.file, bytes);
  }
  return bytes;
}

/**
 * The Swagger UI page. Every URL in it is relative (assets beside it, the configuration at
 * `../v3/api-docs/swagger-config`), so it works under any prefix (`/gms`, `/api/gms`).
 */
export function swaggerUiPage(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>neohub - Swagger UI</title>
    <link rel="stylesheet" type="text/css" href="./swagger-ui.css" />
    <link rel="icon" type="image/png" href="./favicon-32x32.png" sizes="32x32" />
    <link rel="icon" type="image/png" href="./favicon-16x16.png" sizes="16x16" />
    <style>
      html { box-sizing: border-box; overflow-y: scroll; }
      *, *:before, *:after { box-sizing: inherit; }
      body { margin: 0; background: #fafafa; }
    </style>
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="./swagger-ui-bundle.js" charset="utf-8"></script>
    <script src="./swagger-ui-standalone-preset.js" charset="utf-8"></script>
    <script>
      window.onload = function () {
        window.ui = SwaggerUIBundle({
          configUrl: '../v3/api-docs/swagger-config',
          dom_id: '#swagger-ui',
          deepLinking: true,
          validatorUrl: 'none',
          presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
          plugins: [SwaggerUIBundle.plugins.DownloadUrl],
          layout: 'StandaloneLayout',
        });
      };
    </script>
  </body>
</html>
`;
}
