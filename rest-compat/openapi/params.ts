import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import { integerParam } from '../../src/services/index.js';
import { Q, type FlagParam, type IntParam, type TextParam } from './query-params.js';

type Query = Record<string, string | string[] | undefined>;

/** A JSON object of a request body. */
export type Json = Record<string, unknown>;
export const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const q = (req: FastifyRequest): Query => (req.query ?? {}) as Query;
const last = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v.at(-1) : v);

/** A boolean query parameter (`true`/`false`, any case), its default when absent; 400 for anything else. */
export function bool(req: FastifyRequest, p: FlagParam): boolean {
  const name = p.name;
  const v = last(q(req)[name]);
  if (v === undefined || v === '') return p.default;
  const low = v.toLowerCase();
  if (low === 'true') return true;
  if (low === 'false') return false;
  throw new BadRequestError(`Parameter '${name}' must be true or false, got "${v}"`);
}

/** An integer query parameter within the bounds of the one table (`PARAMETERS`), lowered to its cap; 400 otherwise. */
export function int(req: FastifyRequest, p: IntParam): number {
  return Math.min(integerParam(p.name, last(q(req)[p.name])) ?? p.default, p.cap ?? Infinity);
}

/** A string query parameter, its default (if any) when absent. */
export function str(req: FastifyRequest, p: TextParam & { readonly default: string }): string;
export function str(req: FastifyRequest, p: TextParam): string | undefined;
export function str(req: FastifyRequest, p: TextParam): string | undefined {
  const v = last(q(req)[p.name]);
  return v === undefined || v === '' ? p.default : v;
}

/** A list of URNs: repeated only (URNs hold commas). */
export function urns(req: FastifyRequest, name: string): string[] {
  const v = q(req)[name];
  return (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((u) => u !== '');
}

/** A set parameter: repeated, comma-separated, or both (`aspects=a&aspects=b,c`). */
export function list(req: FastifyRequest, ...names: string[]): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const v = q(req)[name];
    for (const item of Array.isArray(v) ? v : v === undefined ? [] : [v])
      for (const part of item.split(',')) if (part.trim()) out.add(part.trim());
  }
  return [...out];
}

/** `sortOrder`: ASCENDING (default) or DESCENDING. */
export function sortOrder(req: FastifyRequest): 'ASCENDING' | 'DESCENDING' {
  const v = str(req, Q.sortOrder);
  if (v !== 'ASCENDING' && v !== 'DESCENDING')
    throw new BadRequestError(`No enum constant com.linkedin.metadata.query.filter.SortOrder.${v}`);
  return v;
}
