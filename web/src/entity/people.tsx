import { useEffect, useState } from 'react';
import { gql } from '../api';
import { Alert } from '../alert';
import { displayName, SUMMARY_FIELDS, type EntitySummary } from '../entity-names';
import { Link } from '../link';
import { entityPath } from '../router';
import type { EntityData } from './types';

const RELATED = `query ($urn: String!, $direction: RelationshipDirection!) {
  entity(urn: $urn) {
    relationships(input: { types: ["IsMemberOfGroup", "IsMemberOfNativeGroup"], direction: $direction, start: 0, count: 100 }) {
      total relationships { entity { ${SUMMARY_FIELDS} ... on CorpGroup { name properties { displayName } } } } } } }`;

interface Related {
  total?: number | null;
  relationships: { entity?: EntitySummary | null }[];
}

/** A group's members, or the groups a user is in (DataHub's IsMemberOfGroup edges, both kinds). */
export function GroupMembership({ entity }: { entity: EntityData }) {
  const group = entity.type === 'CORP_GROUP';
  const [related, setRelated] = useState<Related | null>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (entity.type !== 'CORP_GROUP' && entity.type !== 'CORP_USER') return;
    gql<{ entity: { relationships?: Related | null } | null }>(RELATED, {
      urn: entity.urn,
      direction: group ? 'INCOMING' : 'OUTGOING',
    })
      .then((d) => setRelated(d.entity?.relationships ?? null))
      .catch((e: Error) => setError(e.message));
  }, [entity.urn, entity.type, group]);
  if (entity.type !== 'CORP_GROUP' && entity.type !== 'CORP_USER') return null;
  const list = (related?.relationships ?? []).flatMap((r) => (r.entity ? [r.entity] : []));
  return (
    <section aria-labelledby="membership">
      <h2 id="membership">
        {group ? 'Members' : 'Groups'}
        {related ? ` (${list.length})` : ''}
      </h2>
      <Alert error={error} />
      {related === undefined && !error && <p aria-busy="true">Loading…</p>}
      {related !== undefined && list.length === 0 && <p>None.</p>}
      <ul className="members">
        {list.map((e) => (
          <li key={e.urn}>
            <Link to={entityPath(e.urn)}>{displayName(e)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
