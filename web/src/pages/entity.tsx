import { useEffect, useState } from 'react';
import { gql } from '../api';
import {
  description,
  displayName,
  kindName,
  platformName,
  SUMMARY_FIELDS,
  type EntitySummary,
} from '../entity-names';
import { AddTag, DescriptionEditor, removeTag } from '../edits';
import { Link } from '../link';
import { Markdown } from '../markdown';
import { entityPath, lineagePath, searchPath } from '../router';
import { TableHead } from '../table-head';

interface Named {
  urn: string;
  name?: string | null;
  properties?: { name?: string | null } | null;
}
interface Field {
  fieldPath: string;
  type: string;
  nativeDataType?: string | null;
  description?: string | null;
  nullable: boolean;
}
interface EntityPage extends EntitySummary {
  privileges?: { canEditDescription?: boolean | null; canEditTags?: boolean | null } | null;
  ownership?: { owners: { owner: EntitySummary; type?: string | null }[] } | null;
  tags?: { tags: { tag: Named }[] } | null;
  glossaryTerms?: { terms: { term: Named }[] } | null;
  domain?: { domain: Named & { properties?: { name?: string | null } | null } } | null;
  schemaMetadata?: { fields: Field[] } | null;
  editableSchemaMetadata?: {
    editableSchemaFieldInfo: { fieldPath: string; description?: string | null }[];
  } | null;
}

/** An owner: a user or a group (DataHub's `OwnerType` union). */
const OWNER_FIELDS = `
  ... on CorpUser { urn type username properties { displayName } }
  ... on CorpGroup { urn type name properties { displayName } }
`;

const ENTITY = `query ($urn: String!) {
  entity(urn: $urn) {
    ${SUMMARY_FIELDS}
    ... on Dataset {
      privileges { canEditDescription canEditTags }
      ownership { owners { owner { ${OWNER_FIELDS} } type } }
      tags { tags { tag { urn name properties { name } } } }
      glossaryTerms { terms { term { urn name properties { name } } } }
      domain { domain { urn properties { name } } }
      schemaMetadata { fields { fieldPath type nativeDataType description nullable } }
      editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description } }
    }
    ... on Chart { ownership { owners { owner { ${OWNER_FIELDS} } type } } tags { tags { tag { urn name properties { name } } } } }
    ... on Dashboard { ownership { owners { owner { ${OWNER_FIELDS} } type } } tags { tags { tag { urn name properties { name } } } } }
  }
}`;

const labelOf = (n: Named): string => n.properties?.name ?? n.name ?? n.urn;

/**
 * An entity's page: its name, kind and platform, its description, owners, tags, terms and domain, and a
 * dataset's columns. Everything shown is the catalog's data, rendered as text (never as HTML).
 */
export function Entity({ urn }: { urn: string }) {
  const [entity, setEntity] = useState<EntityPage | null>();
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  useEffect(() => setEntity(undefined), [urn]);
  useEffect(() => {
    gql<{ entity: EntityPage | null }>(ENTITY, { urn })
      .then((d) => setEntity(d.entity))
      .catch((e: Error) => setError(e.message));
  }, [urn, version]);
  if (error)
    return (
      <p role="alert" className="error">
        {error}
      </p>
    );
  if (entity === undefined) return <p aria-busy="true">Loading…</p>;
  if (entity === null) return <p role="alert">No entity {urn}</p>;
  const columnDocs = new Map(
    (entity.editableSchemaMetadata?.editableSchemaFieldInfo ?? []).map((f) => [f.fieldPath, f.description]),
  );
  return (
    <article className="entity">
      <header>
        <p className="meta">
          <span className="kind">{kindName(entity.type)}</span>
          {platformName(entity) && <span className="platform">{platformName(entity)}</span>}
        </p>
        <h1>{displayName(entity)}</h1>
        <p className="urn">{entity.urn}</p>
        <Link to={lineagePath(entity.urn)}>Lineage</Link>
      </header>
      <section aria-labelledby="about">
        <h2 id="about">About</h2>
        <div className="description">
          {description(entity) ? <Markdown text={description(entity)} /> : <p>No description.</p>}
        </div>
        {entity.privileges?.canEditDescription && (
          <DescriptionEditor urn={entity.urn} text={description(entity)} onSaved={reload} />
        )}
      </section>
      <section aria-labelledby="people" className="labels">
        <h2 id="people">Owners, tags and terms</h2>
        <dl>
          <dt>Owners</dt>
          <dd>
            {entity.ownership?.owners.length
              ? entity.ownership.owners.map((o) => (
                  <Link key={o.owner.urn} to={entityPath(o.owner.urn)} className="chip">
                    {displayName(o.owner)}
                  </Link>
                ))
              : 'None'}
          </dd>
          <dt>Tags</dt>
          <dd>
            {entity.tags?.tags.length
              ? entity.tags.tags.map((t) => (
                  <span key={t.tag.urn} className="chip">
                    <Link to={searchPath('*', [['tags', t.tag.urn]])}>{labelOf(t.tag)}</Link>
                    {entity.privileges?.canEditTags && (
                      <button
                        type="button"
                        className="remove"
                        aria-label={`Remove tag ${labelOf(t.tag)}`}
                        onClick={() =>
                          removeTag(entity.urn, t.tag.urn).then(reload, (e: Error) => setError(e.message))
                        }
                      >
                        ×
                      </button>
                    )}
                  </span>
                ))
              : 'None'}
            {entity.privileges?.canEditTags && <AddTag urn={entity.urn} onSaved={reload} />}
          </dd>
          <dt>Glossary terms</dt>
          <dd>
            {entity.glossaryTerms?.terms.length
              ? entity.glossaryTerms.terms.map((t) => (
                  <Link key={t.term.urn} to={entityPath(t.term.urn)} className="chip">
                    {labelOf(t.term)}
                  </Link>
                ))
              : 'None'}
          </dd>
          <dt>Domain</dt>
          <dd>
            {entity.domain ? (
              <Link to={entityPath(entity.domain.domain.urn)}>{labelOf(entity.domain.domain)}</Link>
            ) : (
              'None'
            )}
          </dd>
        </dl>
      </section>
      {entity.schemaMetadata && (
        <section aria-labelledby="schema">
          <h2 id="schema">Schema ({entity.schemaMetadata.fields.length} columns)</h2>
          <table className="schema">
            <TableHead columns={['Column', 'Type', 'Description']} />
            <tbody>
              {entity.schemaMetadata.fields.map((f) => (
                <tr key={f.fieldPath}>
                  <td className="field">{f.fieldPath}</td>
                  <td>{f.nativeDataType ?? f.type.toLowerCase()}</td>
                  <td>{columnDocs.get(f.fieldPath) ?? f.description ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </article>
  );
}
