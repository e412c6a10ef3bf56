import { displayName } from '../entity-names';
import { entityPath, searchPath } from '../router';
import { Chip } from './chip';
import { InlineForm } from './inline-form';
import * as m from './mutations';
import { labelOf, type EntityData, type Labels, type Named } from './types';

/** DataHub's system ownership types, as its UI offers them. */
const OWNERSHIP_TYPES = [
  ['TECHNICAL_OWNER', 'Technical owner'],
  ['BUSINESS_OWNER', 'Business owner'],
  ['DATA_STEWARD', 'Data steward'],
] as const;

/** Tags and glossary terms of an entity or a column, each removable and addable where one may edit. */
export function TagsAndTerms(p: {
  labels: Labels;
  target: m.Target;
  canTags: boolean;
  canTerms: boolean;
  onChange: () => void;
  /** How the add controls name the column they edit ("" for the entity). */
  where?: string;
}) {
  const where = p.where ? ` to ${p.where}` : '';
  return (
    <>
      {p.labels.tags?.tags.map((t) => (
        <Chip
          key={t.tag.urn}
          to={searchPath('*', [['tags', t.tag.urn]])}
          text={labelOf(t.tag)}
          what="tag"
          onRemove={p.canTags ? () => m.removeTag(p.target, t.tag.urn).then(p.onChange) : undefined}
        />
      ))}
      {p.labels.glossaryTerms?.terms.map((t) => (
        <Chip
          key={t.term.urn}
          to={entityPath(t.term.urn)}
          text={labelOf(t.term)}
          what="term"
          onRemove={p.canTerms ? () => m.removeTerm(p.target, t.term.urn).then(p.onChange) : undefined}
        />
      ))}
      {p.canTags && (
        <span className="add-tag">
          <InlineForm
            label={`Add a tag${where}`}
            inputs={[
              { name: 'tag', label: p.where ? `Tag to add${where}` : 'Tag to add', placeholder: 'Add a tag' },
            ]}
            button="Add tag"
            submit={(v) => m.addTag(p.target, m.labelUrn('tag', v.tag as string))}
            onDone={p.onChange}
          />
        </span>
      )}
      {p.canTerms && (
        <InlineForm
          label={`Add a glossary term${where}`}
          inputs={[{ name: 'term', label: `Term to add${where}`, placeholder: 'Add a term (name or URN)' }]}
          button="Add term"
          submit={(v) => m.addTerm(p.target, m.labelUrn('glossaryTerm', v.term as string))}
          onDone={p.onChange}
        />
      )}
    </>
  );
}

/** Owners, tags, terms, domain and data product of an entity, with their edits. */
export function LabelsSection({ entity, onChange }: { entity: EntityData; onChange: () => void }) {
  const can = entity.privileges ?? {};
  const has = {
    owners: entity.ownership !== undefined,
    tags: entity.tags !== undefined,
    terms: entity.glossaryTerms !== undefined,
    domain: entity.domain !== undefined,
    dataProduct: entity.dataProduct !== undefined,
  };
  if (!has.owners && !has.tags && !has.terms && !has.domain && !has.dataProduct) return null;
  const products = (entity.dataProduct?.relationships ?? []).flatMap((r) => (r.entity ? [r.entity] : []));
  const owners = entity.ownership?.owners ?? [];
  return (
    <section aria-labelledby="people" className="labels">
      <h2 id="people">Owners, tags and terms</h2>
      <dl>
        {has.owners && (
          <>
            <dt>Owners</dt>
            <dd>
              {owners.length === 0 && !can.canEditOwners && 'None'}
              {owners.map((o) => (
                <Chip
                  key={`${o.owner.urn} ${o.ownershipType?.urn ?? o.type}`}
                  to={entityPath(o.owner.urn)}
                  text={`${displayName(o.owner as Named & { type: string })}${ownerType(o)}`}
                  what="owner"
                  onRemove={
                    can.canEditOwners
                      ? () => m.removeOwner(entity.urn, o.owner.urn, o.ownershipType?.urn).then(onChange)
                      : undefined
                  }
                />
              ))}
              {can.canEditOwners && (
                <InlineForm
                  label="Add an owner"
                  inputs={[
                    { name: 'owner', label: 'Owner to add', placeholder: 'User name or group URN' },
                    { name: 'type', label: 'Ownership type', options: OWNERSHIP_TYPES },
                  ]}
                  button="Add owner"
                  submit={(v) =>
                    m.addOwner(entity.urn, m.labelUrn('corpuser', v.owner as string), v.type as string)
                  }
                  onDone={onChange}
                />
              )}
            </dd>
          </>
        )}
        {(has.tags || has.terms) && (
          <>
            <dt>Tags and glossary terms</dt>
            <dd>
              {!entity.tags?.tags.length && !entity.glossaryTerms?.terms.length && !can.canEditTags && 'None'}
              <TagsAndTerms
                labels={entity}
                target={{ urn: entity.urn }}
                canTags={has.tags && !!can.canEditTags}
                canTerms={has.terms && !!can.canEditGlossaryTerms}
                onChange={onChange}
              />
            </dd>
          </>
        )}
        {has.domain && (
          <OneOf
            title="Domain"
            what="domain"
            name="domain"
            kind="domain"
            items={entity.domain ? [entity.domain.domain] : []}
            canEdit={!!can.canEditDomains}
            put={(urn) => (urn ? m.setDomain(entity.urn, urn) : m.unsetDomain(entity.urn))}
            onChange={onChange}
          />
        )}
        {has.dataProduct && (
          <OneOf
            title="Data product"
            what="data product"
            name="product"
            kind="dataProduct"
            items={products}
            canEdit={!!can.canEditDataProducts}
            put={(urn) => m.setDataProduct(entity.urn, urn)}
            onChange={onChange}
          />
        )}
      </dl>
    </section>
  );
}

/**
 * The one entity of a kind an asset belongs to (its domain, its data product): shown as a chip, and set,
 * changed or removed where the caller may (`put` with a URN sets it, with null removes it).
 */
function OneOf(p: {
  title: string;
  what: string;
  name: string;
  kind: Parameters<typeof m.labelUrn>[0];
  items: readonly (Named & { urn: string })[];
  canEdit: boolean;
  put: (urn: string | null) => Promise<unknown>;
  onChange: () => void;
}) {
  const label = p.title;
  return (
    <>
      <dt>{p.title}</dt>
      <dd>
        {p.items.length === 0 && !p.canEdit && 'None'}
        {p.items.map((e) => (
          <Chip
            key={e.urn}
            to={entityPath(e.urn)}
            text={labelOf(e)}
            what={p.what}
            onRemove={p.canEdit ? () => p.put(null).then(p.onChange) : undefined}
          />
        ))}
        {p.canEdit && (
          <InlineForm
            label={`Set the ${p.what}`}
            inputs={[{ name: p.name, label, placeholder: `${label} URN or id` }]}
            button={p.items.length ? `Change ${p.what}` : `Set ${p.what}`}
            submit={(v) => p.put(m.labelUrn(p.kind, v[p.name] as string))}
            onDone={p.onChange}
          />
        )}
      </dd>
    </>
  );
}

function ownerType(o: {
  ownershipType?: { urn: string; info?: { name?: string | null } | null } | null;
  type?: string | null;
}) {
  const name = o.ownershipType?.info?.name ?? o.type;
  return name && name !== 'NONE' ? ` (${name.toLowerCase().replace(/_/g, ' ')})` : '';
}
