#!/usr/bin/env node
// Writes src/registry/generated/datahub-model.json from the acryl-datahub wheel pinned in
// test/conformance/requirements.txt and installed in .venv (`npm run registry:generate`). With --check it
// writes nothing and exits 1 when the committed file differs. Moving the pin: bump it, reinstall .venv,
// run this, review the diff (and the overlay's errors, if any), commit.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateFromVenv, MODEL_FILE, modelText } from '../dist/src/registry/generator/files.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const target = path.join(root, MODEL_FILE);
const text = modelText(generateFromVenv(root));
if (process.argv.includes('--check')) {
  const committed = readFileSync(target, 'utf8');
  if (committed !== text) {
    process.stderr.write(`${MODEL_FILE} differs from the pinned model: run npm run registry:generate\n`);
    process.exit(1);
  }
  process.stdout.write(`${MODEL_FILE} matches the pinned model\n`);
} else {
  writeFileSync(target, text);
  const model = JSON.parse(text);
  process.stdout.write(
    `${MODEL_FILE}: ${Object.keys(model.entities).length} entity kinds, ${Object.keys(model.aspects).length} aspects, ${Object.keys(model.types).length} named types (acryl-datahub ${model.model.version})\n`,
  );
}
