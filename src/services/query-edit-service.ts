import { randomUUID } from 'node:crypto';
import { BadRequestError, NotFoundError } from '../errors/index.js';
import { EditBase, given } from './edit-base.js';
import type { WriteContext } from './proposal.js';

/** A query's statement as DataHub's inputs give it. */
export interface QueryStatement {
  readonly value: string;
  readonly language: string;
}

/** DataHub's `createQuery`/`updateQuery` input: properties, and the datasets it is about. */
export interface QueryEdit {
  readonly properties?: {
    readonly name?: string | null;
    readonly description?: string | null;
    readonly statement?: QueryStatement | null;
  } | null;
  readonly subjects?: readonly { readonly datasetUrn: string }[] | null;
}

/**
 * Queries written by hand, as DataHub's GraphQL writes them (`createQuery`, `updateQuery`, `deleteQuery`):
 * a new query gets a random id, its source MANUAL, and its creator and time in `created` and
 * `lastModified`; its subjects are datasets (their URNs are checked, not their existence, as DataHub
 * does). An update changes what it gives and stamps `lastModified`.
 */
export class QueryEditService extends EditBase {
  async create(q: QueryEdit, ctx: WriteContext): Promise<string> {
    const statement = q.properties?.statement;
    if (!statement?.value.trim()) throw new BadRequestError('A query needs a statement');
    const subjects = this.subjects(q.subjects ?? []);
    const urn = `urn:li:query:${randomUUID()}`;
    const stamp = this.stamp(ctx);
    const properties = {
      source: 'MANUAL',
      statement: { value: statement.value, language: statement.language },
      ...given({ name: q.properties?.name, description: q.properties?.description }),
      created: stamp,
      lastModified: stamp,
    };
    await this.ingest.ingest(
      [
        this.modify(urn, 'queryProperties', () => properties),
        this.modify(urn, 'querySubjects', () => ({ subjects })),
      ],
      ctx,
    );
    return urn;
  }

  async update(urn: string, q: QueryEdit, ctx: WriteContext): Promise<string> {
    const query = await this.existing(urn);
    const p = q.properties;
    if (p?.statement && !p.statement.value.trim()) throw new BadRequestError('A query needs a statement');
    const stamp = this.stamp(ctx);
    const proposals = [
      this.modify(query, 'queryProperties', (cur) => ({
        ...cur,
        ...given({ name: p?.name, description: p?.description }),
        ...(p?.statement ? { statement: { value: p.statement.value, language: p.statement.language } } : {}),
        lastModified: stamp,
      })),
    ];
    if (q.subjects) {
      const subjects = this.subjects(q.subjects);
      proposals.push(this.modify(query, 'querySubjects', () => ({ subjects })));
    }
    await this.ingest.ingest(proposals, ctx);
    return query;
  }

  async delete(urn: string, ctx: WriteContext): Promise<void> {
    const query = await this.existing(urn);
    await this.ingest.ingest([{ entityUrn: query, changeType: 'DELETE' }], ctx);
  }

  /** The URN of a query that exists and has its properties (404 otherwise). */
  private async existing(urn: string): Promise<string> {
    this.checkUrns([urn], 'query');
    const query = this.registry.parseEntityUrn(urn).parsed.urn;
    if (!(await this.aspectOf(query, 'queryProperties')))
      throw new NotFoundError(`Query ${query} does not exist`);
    return query;
  }

  private subjects(list: readonly { readonly datasetUrn: string }[]): { entity: string }[] {
    if (!list.length) return [];
    this.checkUrns(
      list.map((s) => s.datasetUrn),
      'dataset',
    );
    return list.map((s) => ({ entity: this.registry.parseEntityUrn(s.datasetUrn).parsed.urn }));
  }
}
