import type { Registry } from '../registry/index.js';
import type { AddedWrites, TxView, UpsertOp, WriteOp } from '../store/index.js';
import { upsertOp } from './build-ops.js';
import type { WriteHook } from './write-hooks.js';

/** DataHub's folder for an entity with no better default browse path. */
const DEFAULT_FOLDER = 'Default';

/** The delimiter of dataset names when the platform's `dataPlatformInfo` names none (DataHub's). */
const DEFAULT_DELIMITER = '.';

/** One entry of a `browsePathsV2` path. */
export interface PathEntry {
  readonly id: string;
  readonly urn?: string;
}

/**
 * The platform of an entity's default `dataPlatformInstance`, from its key, for the kinds DataHub gives
 * one: the key's platform URN, or the tool/orchestrator name made a platform URN (lower-cased).
 */
export function defaultPlatform(
  entityType: string,
  key: Readonly<Record<string, string>>,
): string | undefined {
  const named = (name: string | undefined) =>
    name ? `urn:li:dataPlatform:${name.toLowerCase()}` : undefined;
  switch (entityType) {
    case 'dataset':
    case 'mlModel':
    case 'mlFeatureTable':
    case 'mlModelDeployment':
    case 'mlModelGroup':
      return key.platform || undefined;
    case 'chart':
    case 'dashboard':
      return named(key.dashboardTool);
    case 'dataFlow':
    case 'dataProcess':
      return named(key.orchestrator);
    case 'dataJob': {
      // The flow's orchestrator: `urn:li:dataFlow:(orchestrator,flowId,cluster)`.
      const m = /^urn:li:dataFlow:\(([^,]*),/.exec(key.flow ?? '');
      return named(m?.[1]);
    }
    default:
      return undefined;
  }
}

/**
 * The platform instance a dataset's default path would start with: the first part of its name (split on
 * its platform's delimiter), when the name has more than one part.
 */
export function defaultPathInstanceOf(
  key: Readonly<Record<string, string>>,
  delimiter: string,
): string | undefined {
  const parts = namePartsOf(key.name ?? '', delimiter);
  return parts.length > 1 && key.platform
    ? `urn:li:dataPlatformInstance:(${key.platform},${parts[0]})`
    : undefined;
}

const namePartsOf = (name: string, delimiter: string): string[] =>
  name.includes(delimiter) ? name.split(delimiter).filter(Boolean) : [];

/**
 * DataHub's default `browsePathsV2` of a new entity (written without one), as its service writes it, not
 * from containers: a dataset's name parts but the last (split on its platform's delimiter), the first
 * one the platform instance's URN when `instanceExists`; a data job's flow; else the `Default` folder.
 */
export function defaultBrowsePathsV2(
  entityType: string,
  key: Readonly<Record<string, string>>,
  delimiter = DEFAULT_DELIMITER,
  instanceExists = false,
): { path: PathEntry[] } {
  if (entityType === 'dataset') {
    const parts = namePartsOf(key.name ?? '', delimiter).slice(0, -1);
    if (parts.length) {
      const instance = instanceExists ? defaultPathInstanceOf(key, delimiter) : undefined;
      const path: PathEntry[] = parts.map((id) => ({ id }));
      if (instance) path[0] = { id: instance, urn: instance };
      return { path };
    }
  }
  if (entityType === 'dataJob' && key.flow) return { path: [{ id: key.flow, urn: key.flow }] };
  return { path: [{ id: DEFAULT_FOLDER }] };
}

/** Aspects whose value a write batch makes (its upserts and read-modify-writes), by URN. */
function writtenAspects(ops: readonly WriteOp[]): Map<string, { first: WriteOp; names: Set<string> }> {
  const out = new Map<string, { first: WriteOp; names: Set<string> }>();
  for (const op of ops) {
    if (op.kind !== 'upsert' && op.kind !== 'compute') continue;
    const e = out.get(op.urn) ?? { first: op, names: new Set<string>() };
    e.names.add(op.aspect);
    out.set(op.urn, e);
  }
  return out;
}

/** The system metadata of a default aspect: that of the entity's first write, without its version. */
function defaultSystemMetadata(sm: string): string {
  try {
    const parsed = JSON.parse(sm) as Record<string, unknown>;
    delete parsed.version;
    return JSON.stringify(parsed);
  } catch {
    return sm;
  }
}

interface NewEntity {
  readonly urn: string;
  readonly entityType: string;
  readonly key: Readonly<Record<string, string>>;
  readonly missing: readonly string[];
  readonly first: WriteOp;
}

/**
 * DataHub's default aspects of a new entity (DefaultAspectsUtil, with browse paths v2 on as DataHub's
 * service runs): when a batch writes an entity whose key aspect the store does not hold, the same
 * transaction writes, besides the key aspect (the store's), its default `browsePathsV2` and (for kinds
 * with a platform in their key) `dataPlatformInstance`, each only if the batch does not write it and it
 * is absent (a create-if-absent, resolved under the entity's lock). The legacy `browsePaths` is not
 * written (DataHub writes it only with browse paths v2 off). Reads are batched: the key aspects of the
 * batch's entities, the delimiters of their platforms and the platform instances their paths may name.
 */
export function defaultAspectsHook(registry: Registry): WriteHook {
  return {
    name: 'default aspects of a new entity',
    async inTransaction(ops: readonly WriteOp[], view: TxView): Promise<AddedWrites | undefined> {
      const candidates: NewEntity[] = [];
      for (const [urn, { first, names }] of writtenAspects(ops)) {
        const entity = registry.findEntity(first.entityType);
        if (!entity) continue;
        const missing = ['browsePathsV2', 'dataPlatformInstance'].filter(
          (a) => entity.aspects.includes(a) && !names.has(a),
        );
        if (!missing.length) continue;
        const parsed = registry.parseEntityUrn(urn);
        candidates.push({
          urn,
          entityType: entity.name,
          key: registry.keyValue(entity, parsed.parsed),
          missing,
          first,
        });
      }
      if (!candidates.length) return undefined;
      const keyNames = [
        ...new Set(candidates.map((c) => registry.keyAspectOf(registry.entity(c.entityType)).name)),
      ];
      const existing = new Set(
        (
          await view.latest(
            candidates.map((c) => c.urn),
            keyNames,
          )
        ).map((a) => a.urn),
      );
      const fresh = candidates.filter((c) => !existing.has(c.urn));
      if (!fresh.length) return undefined;

      const pathed = fresh.filter((c) => c.entityType === 'dataset' && c.missing.includes('browsePathsV2'));
      const delimiters = await platformDelimiters(
        view,
        pathed.map((c) => c.key.platform ?? ''),
      );
      const delimiterOf = (c: NewEntity) => delimiters.get(c.key.platform ?? '') ?? DEFAULT_DELIMITER;
      const instances = pathed.flatMap((c) => defaultPathInstanceOf(c.key, delimiterOf(c)) ?? []);
      const known = instances.length
        ? new Set((await view.latest([...new Set(instances)], ['dataPlatformInstanceKey'])).map((a) => a.urn))
        : new Set<string>();

      const added: WriteOp[] = [];
      for (const c of fresh) {
        const base = {
          urn: c.urn,
          entityType: c.entityType,
          created: c.first.created,
          systemMetadata: defaultSystemMetadata(c.first.systemMetadata),
        };
        const ifAbsent = (aspect: string, value: Record<string, unknown>): void => {
          const op = upsertOp(
            registry,
            registry.aspectOf(registry.entity(c.entityType), aspect),
            base,
            value,
          );
          const resolve = (current: string | undefined): UpsertOp | null =>
            current === undefined ? op : null;
          added.push({ ...base, kind: 'compute', aspect, resolve });
        };
        if (c.missing.includes('browsePathsV2')) {
          const instance = defaultPathInstanceOf(c.key, delimiterOf(c));
          ifAbsent(
            'browsePathsV2',
            defaultBrowsePathsV2(c.entityType, c.key, delimiterOf(c), !!instance && known.has(instance)),
          );
        }
        const platform = c.missing.includes('dataPlatformInstance')
          ? defaultPlatform(c.entityType, c.key)
          : undefined;
        if (platform) ifAbsent('dataPlatformInstance', { platform });
      }
      return { ops: added };
    },
  };
}

/** The dataset name delimiters the platforms' `dataPlatformInfo` name (one read for all). */
async function platformDelimiters(view: TxView, platforms: readonly string[]): Promise<Map<string, string>> {
  const urns = [...new Set(platforms.filter(Boolean))];
  const out = new Map<string, string>();
  if (!urns.length) return out;
  for (const a of await view.latest(urns, ['dataPlatformInfo'])) {
    const d = (JSON.parse(a.value) as { datasetNameDelimiter?: unknown }).datasetNameDelimiter;
    if (typeof d === 'string' && d) out.set(a.urn, d.charAt(0));
  }
  return out;
}
