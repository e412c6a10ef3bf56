// Where the pinned model is on this machine: the conformance virtualenv (`.venv`, created by the test
// command) holds the acryl-datahub wheel, whose schemas are read as JSON (no Python runs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DataHubModel } from '../model-types.js';
import { generateModel } from './index.js';
import { wireSchemas, type WireSchemas } from './wire-schemas.js';

export const PACKAGE = 'acryl-datahub';
/** The committed model, relative to the project root. */
export const MODEL_FILE = 'src/registry/generated/datahub-model.json';
/** The committed writer schemas of neohub's Kafka records, relative to the project root. */
export const WIRE_FILE = 'src/registry/generated/kafka-schemas.json';
const REQUIREMENTS = 'test/conformance/requirements.txt';

/** The version of acryl-datahub the project pins. */
export function pinnedVersion(root: string): string {
  const text = readFileSync(path.join(root, REQUIREMENTS), 'utf8');
  const m = /^acryl-datahub(?:\[[^\]]*\])?==(\S+)/m.exec(text);
  if (!m?.[1]) throw new Error(`${REQUIREMENTS} pins no acryl-datahub version`);
  return m[1];
}

/** The installed wheel's schema folder and version, or a message saying how to get them. */
export function installedSchemas(root: string): { dir: string; version: string } | string {
  const lib = path.join(root, '.venv', 'lib');
  const create = `run the test command once (npm test), or: python3 -m venv .venv && .venv/bin/pip install -r ${REQUIREMENTS}`;
  if (!existsSync(lib)) return `no virtualenv at .venv: ${create}`;
  for (const py of readdirSync(lib).filter((d) => d.startsWith('python'))) {
    const site = path.join(lib, py, 'site-packages');
    const dir = path.join(site, 'datahub', 'metadata', 'schemas');
    const info = existsSync(site)
      ? readdirSync(site).find((d) => /^acryl_datahub-.*\.dist-info$/.test(d))
      : undefined;
    if (existsSync(dir) && info)
      return { dir, version: info.replace(/^acryl_datahub-/, '').replace(/\.dist-info$/, '') };
  }
  return `acryl-datahub is not installed in .venv: ${create}`;
}

/** The schema files of the wheel installed in `.venv` (name -> parsed JSON), refusing one that is not the pin. */
function pinnedFiles(root: string): { files: Map<string, unknown>; version: string } {
  const found = installedSchemas(root);
  if (typeof found === 'string') throw new Error(found);
  const pin = pinnedVersion(root);
  if (found.version !== pin)
    throw new Error(
      `.venv has acryl-datahub ${found.version}, the pin is ${pin}: reinstall .venv from ${REQUIREMENTS}`,
    );
  const files = new Map<string, unknown>();
  for (const f of readdirSync(found.dir)
    .filter((x) => x.endsWith('.avsc'))
    .sort())
    files.set(f, JSON.parse(readFileSync(path.join(found.dir, f), 'utf8')));
  return { files, version: pin };
}

/** Generates the model from the wheel installed in `.venv`, refusing a wheel that is not the pin. */
export function generateFromVenv(root: string): DataHubModel {
  const { files, version } = pinnedFiles(root);
  return generateModel(files, { package: PACKAGE, version });
}

/** The Kafka records' writer schemas from the wheel installed in `.venv` (the pin's). */
export function wireSchemasFromVenv(root: string): WireSchemas {
  const { files, version } = pinnedFiles(root);
  return wireSchemas(files, { package: PACKAGE, version });
}

/** The committed file's text for a model: stable, one property per line. */
export const modelText = (model: DataHubModel | WireSchemas): string => `${JSON.stringify(model, null, 1)}\n`;
