#!/usr/bin/env node
// Writes src/registry/generated/datahub-model.json and kafka-schemas.json (the writer schemas of the records
// neohub publishes to Kafka) from the acryl-datahub wheel pinned in test/conformance/requirements.txt and
// installed in .venv (`npm run registry:generate`). With --check it writes nothing and exits 1 when a
// committed file differs. Moving the pin: bump it, reinstall .venv, run this, review the diff (and the
// overlay's errors, if any), commit.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  generateFromVenv,
  MODEL_FILE,
  modelText,
  WIRE_FILE,
  wireSchemasFromVenv,
} from '../dist/src/registry/generator/files.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outputs = [
  [MODEL_FILE, modelText(generateFromVenv(root))],
  [WIRE_FILE, modelText(wireSchemasFromVenv(root))],
];
if (process.argv.includes('--check')) {
  let drift = false;
  for (const [file, text] of outputs) {
    if (readFileSync(path.join(root, file), 'utf8') === text) {
      process.stdout.write(`${file} matches the pinned model\n`);
      continue;
    }
    process.stderr.write(`${file} differs from the pinned model: run npm run registry:generate\n`);
    drift = true;
  }
  if (drift) process.exit(1);
} else {
  for (const [file, text] of outputs) writeFileSync(path.join(root, file), text);
  const model = JSON.parse(outputs[0][1]);
  process.stdout.write(
    `${MODEL_FILE}: ${Object.keys(model.entities).length} entity kinds, ${Object.keys(model.aspects).length} aspects, ${Object.keys(model.types).length} named types (acryl-datahub ${model.model.version}); ${WIRE_FILE}\n`,
  );
}
