import { BadRequestError } from '../errors/index.js';
import { EditWithReferences, given } from './edit-base.js';
import type { AspectJson, Proposal, WriteContext } from './proposal.js';

/** What a data product is created or updated with (`dataProductProperties`). */
export interface DataProductFields {
  readonly name?: string | null;
  readonly description?: string | null;
  readonly parentDataProduct?: string | null;
}

/** The relationship from a data product to its assets. */
const CONTAINS = 'DataProductContains';
/** The most data products one asset is taken out of at once. */
const MAX_PRODUCTS = 1_000;

const assetsOf = (v: AspectJson | undefined): AspectJson[] =>
  Array.isArray(v?.assets) ? (v.assets as AspectJson[]).filter((a) => !!a && typeof a === 'object') : [];

/**
 * Data products as DataHub's GraphQL manages them (CreateService makes them): their name, description and
 * parent, their assets (an asset belongs to one data product: setting it takes it out of
 * any other), and deleted with every reference to them.
 */
export class DataProductService extends EditWithReferences {
  /** A data product's name, description or parent: each given field replaces its value. */
  async update(urn: string, p: DataProductFields, ctx: WriteContext): Promise<string> {
    this.checkUrns([urn], 'dataProduct');
    const [product] = (await this.requireEntities([urn], ['dataProductProperties'])) as [string];
    if (p.name !== undefined && p.name !== null && !p.name.trim())
      throw new BadRequestError('name must not be empty');
    if (p.parentDataProduct) {
      await this.requireAll([p.parentDataProduct], 'dataProduct');
      if (this.registry.parseEntityUrn(p.parentDataProduct).parsed.urn === product)
        throw new BadRequestError(`A data product cannot be its own parent (${product})`);
    }
    const set = given({ name: p.name, description: p.description, parentDataProduct: p.parentDataProduct });
    await this.ingest.ingest(
      [this.modify(product, 'dataProductProperties', (cur) => ({ assets: [], ...cur, ...set }))],
      ctx,
    );
    return product;
  }

  /** A data product deleted, with every reference to it. */
  async delete(urn: string, ctx: WriteContext): Promise<void> {
    this.checkUrns([urn], 'dataProduct');
    const [product] = (await this.requireEntities([urn], [])) as [string];
    await this.references.deleteWithReferences(product, ctx);
  }

  /**
   * Assets into a data product, each taken out of any other it was in; with no data product, out of
   * every one. All assets must exist; one batch.
   */
  async setAssets(productUrn: string | null | undefined, resources: readonly string[], ctx: WriteContext) {
    if (!resources.length) throw new BadRequestError('No resources given');
    const assets = await this.requireEntities(resources, []);
    const product = productUrn ? this.registry.parseEntityUrn(productUrn).parsed.urn : undefined;
    if (productUrn) await this.requireAll([productUrn], 'dataProduct');
    const holders = new Map<string, Set<string>>();
    for (const asset of assets) {
      const page = await this.reads.relationships(asset, [CONTAINS], 'INCOMING', 0, MAX_PRODUCTS);
      for (const r of page.relationships)
        if (r.entity !== product) holders.set(r.entity, (holders.get(r.entity) ?? new Set()).add(asset));
    }
    const taken: Proposal[] = [...holders].map(([holder, out]) =>
      this.modify(holder, 'dataProductProperties', (cur) => ({
        ...cur,
        assets: assetsOf(cur).filter((a) => !out.has(String(a.destinationUrn))),
      })),
    );
    const added: Proposal[] = product
      ? [
          this.modify(product, 'dataProductProperties', (cur) => {
            const current = assetsOf(cur);
            const have = new Set(current.map((a) => String(a.destinationUrn)));
            const stamp = this.stamp(ctx);
            return {
              ...cur,
              assets: [
                ...current,
                ...assets.filter((a) => !have.has(a)).map((a) => ({ destinationUrn: a, created: stamp })),
              ],
            };
          }),
        ]
      : [];
    await this.ingest.ingest([...taken, ...added], ctx);
  }
}
