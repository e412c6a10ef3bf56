import jsonPatch from 'fast-json-patch';
import { BadRequestError, NotFoundError } from '../errors/index.js';
import type { Registry } from '../registry/index.js';
import type { EntityStore } from '../store/index.js';
import { redactionOf, type Redaction } from '../auth/index.js';
import {
  CATEGORY_ALIASES,
  CHANGE_CATEGORIES,
  categoriesOf,
  changeEvents,
  maxLevel,
  type ChangeCategory,
  type ChangeEvent,
  type SemVerChange,
} from './changes/index.js';

/** DataHub's ChangeTransaction: the changes of one moment of an entity's history. */
export interface ChangeTransaction {
  readonly timestamp: number;
  readonly actor: string;
  readonly semVer: string;
  readonly semVerChange: SemVerChange;
  readonly versionStamp: string;
  readonly changeEvents: ChangeEvent[];
  readonly rawDiff?: unknown[];
}

export interface TimelineQuery {
  readonly urn: string;
  /** Category names as clients send them (comma lists allowed, any case, DataHub's aliases). */
  readonly categories: readonly string[];
  readonly startTime?: number | undefined;
  readonly endTime?: number | undefined;
  readonly raw?: boolean;
}

/**
 * The timeline of an entity: change transactions computed from its aspect versions, each with the
 * change events of the asked categories and a semantic version. Versions count from the entity's first
 * version, whatever the window (`startTime` inclusive, `endTime` exclusive), so a transaction keeps its
 * version from one query to the next.
 */
export class TimelineService {
  private readonly redaction: Redaction;

  constructor(
    private readonly registry: Registry,
    private readonly store: EntityStore,
  ) {
    this.redaction = redactionOf(registry);
  }

  async timeline(q: TimelineQuery): Promise<ChangeTransaction[]> {
    const categories = parseCategories(q.categories);
    const { entity, parsed } = this.registry.parseEntityUrn(q.urn);
    this.redaction.requireKinds([entity]);
    const keyAspect = this.registry.keyAspectOf(entity).name;
    const asked = new Set(
      entity.aspects.filter((a) => categoriesOf(a, keyAspect).some((c) => categories.has(c))),
    );
    if (!(await this.store.exists(parsed.urn))) throw new NotFoundError(`Entity ${parsed.urn} not found`);
    // DataHub's version stamp names every versioned aspect of the entity (its key and default aspects
    // too), whatever the categories asked; the events come from the asked ones only.
    const versioned = entity.aspects.filter((a) => !this.registry.findAspect(a)?.timeseries);
    const all = await this.store.history(parsed.urn, versioned);
    const history = all.filter((v) => asked.has(v.name));
    type Moment = { actor: string; events: ChangeEvent[]; raw: unknown[] };
    const moments = new Map<number, Moment>();
    // DataHub's version numbers: the latest is 0, the history counts from 1, the oldest.
    const versions: { name: string; time: number; version: number }[] = [];
    // Changes and raw diffs are worked out from the values as the caller may see them.
    const values = history.map((v) =>
      this.redaction.value(v.name, JSON.parse(v.value) as Record<string, unknown>),
    );
    history.forEach((v, i) => {
      const previous = history[i - 1]?.name === v.name ? values[i - 1] : undefined;
      const current = values[i] as Record<string, unknown>;
      const events = changeEvents(v.name, keyAspect, previous, current, parsed.urn).filter((e) =>
        categories.has(e.category),
      );
      const time = v.created.time;
      const moment: Moment = moments.get(time) ?? { actor: v.created.actor, events: [], raw: [] };
      moment.events.push(...events);
      if (q.raw)
        moment.raw.push(
          ...jsonPatch
            .compare(previous ?? {}, current)
            .map((op) => ({ ...op, path: `/${v.name}${op.path}` })),
        );
      moments.set(time, moment);
    });
    all.forEach((v, i) => {
      const latest = all[i + 1]?.name !== v.name;
      versions.push({ name: v.name, time: v.created.time, version: latest ? 0 : v.version });
    });
    /** Which version of each aspect was current at a moment: `name:version;...`, by name. */
    const stampAt = (t: number): string => {
      const at = new Map<string, { time: number; version: number }>();
      for (const v of versions)
        if (v.time <= t && (at.get(v.name)?.time ?? -Infinity) <= v.time) at.set(v.name, v);
      return [...at]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([n, v]) => `${n}:${v.version}`)
        .join(';');
    };
    let version = [0, 0, 0];
    let first = true;
    const out: ChangeTransaction[] = [];
    for (const [timestamp, m] of [...moments].sort(([a], [b]) => a - b)) {
      if (!m.events.length) continue;
      const level = m.events.reduce<SemVerChange>((acc, e) => maxLevel(acc, e.semVerChange), 'NONE');
      if (!first) version = bump(version, level);
      first = false;
      if (q.startTime !== undefined && timestamp < q.startTime) continue;
      if (q.endTime !== undefined && timestamp >= q.endTime) continue;
      out.push({
        timestamp,
        actor: m.actor,
        semVer: `${version.join('.')}-computed`,
        semVerChange: level,
        versionStamp: stampAt(timestamp),
        changeEvents: m.events,
        ...(q.raw ? { rawDiff: m.raw } : {}),
      });
    }
    return out;
  }
}

function bump([major = 0, minor = 0, patch = 0]: number[], level: SemVerChange): number[] {
  if (level === 'MAJOR') return [major + 1, 0, 0];
  if (level === 'MINOR') return [major, minor + 1, 0];
  if (level === 'PATCH') return [major, minor, patch + 1];
  return [major, minor, patch];
}

/** The asked categories: at least one, each DataHub's name or alias, in any case. */
function parseCategories(asked: readonly string[]): Set<ChangeCategory> {
  const names = asked
    .flatMap((c) => c.split(','))
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  if (!names.length)
    throw new BadRequestError(`categories is required: one or more of ${CHANGE_CATEGORIES.join(', ')}`);
  const out = new Set<ChangeCategory>();
  for (const name of names) {
    const category = (CHANGE_CATEGORIES as readonly string[]).includes(name)
      ? (name as ChangeCategory)
      : CATEGORY_ALIASES[name];
    if (!category)
      throw new BadRequestError(
        `Unknown change category ${name}: one of ${CHANGE_CATEGORIES.join(', ')}, or OWNERSHIP`,
      );
    out.add(category);
  }
  return out;
}
