import { Ajv2020 } from 'ajv/dist/2020.js';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Every operation of a document, with its path and method. */
export function operationsOf(doc: Json): { path: string; method: string; op: Json; item: Json }[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method] as Json, item })),
  );
}

/**
 * The problems of an OpenAPI 3.1 document, as a list of sentences (empty when none): its top-level
 * shape, operations (unique ids, responses, path parameters declared exactly once and required), that
 * every `$ref` resolves, and that every schema compiles as JSON Schema 2020-12 (strict: no unknown
 * keywords or formats but OpenAPI's `example` and the integer/number formats) with its examples valid.
 */
export function openApiProblems(doc: Json): string[] {
  const problems: string[] = [];
  if (!/^3\.1\.\d+$/.test(String(doc.openapi))) problems.push(`openapi is ${doc.openapi}, not 3.1.x`);
  if (typeof doc.info?.title !== 'string' || typeof doc.info?.version !== 'string')
    problems.push('info needs a title and a version');
  const ids = new Set<string>();
  for (const { path, method, op, item } of operationsOf(doc)) {
    const at = `${method.toUpperCase()} ${path}`;
    if (!path.startsWith('/')) problems.push(`${path}: paths start with /`);
    if (typeof op.operationId !== 'string' || ids.has(op.operationId))
      problems.push(`${at}: missing or duplicate operationId ${op.operationId}`);
    ids.add(op.operationId);
    if (!op.responses || !Object.keys(op.responses).length) problems.push(`${at}: no responses`);
    const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(
      (p: Json) => (p.$ref ? resolveRef(doc, p.$ref) : p) as Json,
    );
    const inPath = params.filter((p: Json) => p?.in === 'path');
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const name of names) {
      const declared = inPath.filter((p: Json) => p.name === name);
      if (declared.length !== 1 || declared[0]?.required !== true)
        problems.push(`${at}: path parameter ${name} must be declared once, required`);
    }
    for (const p of inPath)
      if (!names.includes(p.name)) problems.push(`${at}: path parameter ${p.name} is not in the path`);
    const seen = new Set<string>();
    for (const p of params) {
      const key = `${p?.in}:${p?.name}`;
      if (seen.has(key)) problems.push(`${at}: parameter ${key} declared twice`);
      seen.add(key);
    }
  }
  walk(doc, (ref) => {
    if (resolveRef(doc, ref) === undefined) problems.push(`unresolved $ref ${ref}`);
  });
  const ajv = new Ajv2020({
    inlineRefs: false,
    code: { optimize: false },
    strict: true,
    allowUnionTypes: true,
    formats: { int32: true, int64: true, float: true, double: true },
  });
  ajv.addKeyword('example');
  ajv.addKeyword('components'); // the container of the document registered as `doc`
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
  // Every component schema and parameter schema, compiled one by one (referenced schemas once).
  const all: Json = {};
  for (const name of Object.keys((doc.components?.schemas ?? {}) as Json))
    all[`schema ${name}`] = { $ref: `doc#/components/schemas/${name}` };
  for (const [name, p] of Object.entries((doc.components?.parameters ?? {}) as Json))
    all[`parameter ${name}`] = rebase((p as Json).schema);
  for (const [where, schema] of Object.entries(all)) {
    let validate;
    try {
      validate = ajv.compile(schema);
    } catch (err) {
      problems.push(`${where}: ${(err as Error).message}`);
      continue;
    }
    const target = schema.$ref ? resolveRef(doc, String(schema.$ref).slice(3)) : schema;
    const example = (target as Json | undefined)?.example;
    if (example !== undefined && !validate(example))
      problems.push(`${where}: example ${JSON.stringify(example)} does not fit the schema`);
  }
  return problems;
}

function resolveRef(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = doc;
  for (const part of ref.slice(2).split('/'))
    at = (at as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return at;
}

function walk(node: unknown, onRef: (ref: string) => void): void {
  if (Array.isArray(node)) node.forEach((n) => walk(n, onRef));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') onRef(v);
      else walk(v, onRef);
    }
  }
}

/** A schema whose `#/components/...` references point into the document registered as `doc`. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `doc${v}` : rebase(v),
    ]),
  );
}
