import { Query, Resolver } from 'type-graphql';
import { make } from '../types/common.js';
import {
  ChangeCategoryType,
  ChangeEvent,
  ChangeTransaction,
  GetTimelineInput,
  GetTimelineResult,
  TimelineParameterEntry,
} from '../types/timeline.js';
import { AuditStamp } from '../types/audit-stamp.js';
import { declareRootFields, rootField } from './root-fields.js';

/** The timeline's category for each of GraphQL's names (the timeline says OWNER where GraphQL says OWNERSHIP). */
const CATEGORY: Readonly<Record<string, string>> = { OWNERSHIP: 'OWNER' };
const GRAPHQL_CATEGORY: Readonly<Record<string, ChangeCategoryType>> = { OWNER: 'OWNERSHIP' };
/** What GraphQL can name: the timeline's categories that have no GraphQL name are not asked for. */
const KNOWN = new Set<string>(Object.values(ChangeCategoryType));
const OPERATIONS = new Set(['ADD', 'MODIFY', 'REMOVE']);
/** With no categories asked, every category GraphQL can name that the timeline has. */
const ALL = [
  'DOCUMENTATION',
  'GLOSSARY_TERM',
  'OWNERSHIP',
  'TECHNICAL_SCHEMA',
  'TAG',
  'DOMAIN',
  'STRUCTURED_PROPERTY',
  'APPLICATION',
  'ASSET_MEMBERSHIP',
  'VERSIONING',
] as const;

/**
 * DataHub's `getTimeline` over services.timeline: the entity's change transactions, oldest first, each a
 * MODIFY with its change events (only those whose category and operation GraphQL can name, as DataHub
 * maps them). `includeVersionSet` is DataHub's; neohub answers the entity's own history.
 */
@Resolver()
export class TimelineQueries {}

declareRootFields(TimelineQueries, Query, {
  getTimeline: rootField(GetTimelineInput, GetTimelineResult, async (i, ctx) => {
    const asked = (i.changeCategories?.length ? i.changeCategories : ALL).filter(
      (c) => !['PARENT', 'RELATED_ENTITIES'].includes(c),
    );
    if (!asked.length) return make(GetTimelineResult, { changeTransactions: [], skippedVersionCount: 0 });
    const transactions = await ctx.services.timeline.timeline({
      urn: i.urn,
      categories: asked.map((c) => CATEGORY[c] ?? c),
    });
    return make(GetTimelineResult, {
      skippedVersionCount: 0,
      changeTransactions: transactions.map((t) =>
        make(ChangeTransaction, {
          timestampMillis: t.timestamp,
          lastSemanticVersion: t.semVer,
          versionStamp: t.versionStamp,
          changeType: 'MODIFY',
          actor: t.actor,
          changes: t.changeEvents
            .map((e) => ({ e, category: GRAPHQL_CATEGORY[e.category] ?? e.category }))
            .filter(({ e, category }) => KNOWN.has(category) && OPERATIONS.has(e.operation))
            .map(({ e, category }) =>
              make(ChangeEvent, {
                urn: e.entityUrn,
                category: category as ChangeCategoryType,
                operation: e.operation as 'ADD' | 'MODIFY' | 'REMOVE',
                modifier: e.modifier,
                description: e.description,
                auditStamp: make(AuditStamp, { time: t.timestamp, actor: t.actor }),
                parameters: Object.entries(e.parameters ?? {}).map(([key, value]) =>
                  make(TimelineParameterEntry, {
                    key,
                    value: typeof value === 'string' ? value : JSON.stringify(value),
                  }),
                ),
              }),
            ),
        }),
      ),
    });
  }),
});
