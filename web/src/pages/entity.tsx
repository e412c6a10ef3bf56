import { useEffect, useState } from 'react';
import { gql } from '../api';
import { Alert } from '../alert';
import { About, Header } from '../entity/header';
import { Links, Properties, Sql, StructuredProperties } from '../entity/details';
import { History } from '../entity/history';
import { LabelsSection } from '../entity/labels';
import { Members } from '../entity/members';
import { GroupMembership } from '../entity/people';
import { entityQuery, mergeAliases } from '../entity/query';
import { Quality } from '../entity/quality';
import { Schema } from '../entity/schema';
import { Stats } from '../entity/stats';
import type { EntityData, QueriesData } from '../entity/types';
import '../entity/entity.css';

/** Each URN's GraphQL type, once known (the page's query is the type's). */
const typenames = new Map<string, string>();

/**
 * An entity's page, for every kind: the sections its GraphQL type has (derived from the schema at build
 * time), each shown when it has something or when the reader may add to it. Everything shown is the
 * catalog's data, rendered as text (never as HTML).
 */
export function Entity({ urn }: { urn: string }) {
  const [entity, setEntity] = useState<EntityData | null>();
  const [queries, setQueries] = useState<QueriesData | null>();
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  useEffect(() => {
    setEntity(undefined);
    setError(undefined);
  }, [urn]);
  useEffect(() => {
    let live = true;
    (async () => {
      let typename = typenames.get(urn);
      if (!typename) {
        const d = await gql<{ entity: { __typename: string } | null }>(
          'query ($urn: String!) { entity(urn: $urn) { __typename } }',
          { urn },
        );
        if (!d.entity) return live && setEntity(null);
        typename = d.entity.__typename;
        typenames.set(urn, typename);
      }
      const d = await gql<{ entity: EntityData | null; listQueries?: QueriesData | null }>(
        entityQuery(typename),
        {
          urn,
        },
      );
      if (!live) return;
      setEntity(d.entity && mergeAliases(d.entity));
      setQueries(d.listQueries);
    })().catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [urn, version]);
  if (error) return <Alert error={error} />;
  if (entity === undefined) return <p aria-busy="true">Loading…</p>;
  if (entity === null) return <p role="alert">No entity {urn}</p>;
  return (
    <article className="entity">
      <Header entity={entity} />
      <About entity={entity} onChange={reload} />
      <LabelsSection entity={entity} onChange={reload} />
      <Schema entity={entity} onChange={reload} />
      <Stats entity={entity} />
      <Sql entity={entity} queries={queries} />
      <Properties entity={entity} />
      <StructuredProperties entity={entity} onChange={reload} />
      <Links entity={entity} onChange={reload} />
      <Quality entity={entity} />
      <GroupMembership entity={entity} />
      <Members entity={entity} />
      <History urn={entity.urn} />
    </article>
  );
}
