import { DescriptionEditor } from './description-editor';
import { description, displayName, kindName, platformName } from '../entity-names';
import { Link } from '../link';
import { Markdown } from '../markdown';
import { entityPath, lineagePath } from '../router';
import { InlineForm } from './inline-form';
import * as m from './mutations';
import { labelOf, when, type EntityData, type Named } from './types';

/**
 * The top of an entity's page: its kind, platform and sub-types, the containers it sits in (outermost
 * first), its siblings as DataHub shows them (one asset seen by two platforms: a dbt model and its
 * warehouse table), a deprecation notice, its name and URN.
 */
export function Header({ entity }: { entity: EntityData }) {
  const containers = [...(entity.parentContainers?.containers ?? [])].reverse();
  const siblings = (entity.siblings?.siblings ?? []).filter((s): s is Named => !!s);
  return (
    <header>
      <p className="meta">
        <span className="kind">{kindName(entity.type)}</span>
        {platformName(entity) && <span className="platform">{platformName(entity)}</span>}
        {entity.subTypes?.typeNames?.map((t) => (
          <span key={t} className="subtype">
            {t}
          </span>
        ))}
      </p>
      {containers.length > 0 && (
        <nav aria-label="Containers" className="path">
          {containers.map((c, i) => (
            <span key={c.urn}>
              {i > 0 && ' / '}
              <Link to={entityPath(c.urn)}>{labelOf(c)}</Link>
            </span>
          ))}
        </nav>
      )}
      <h1>{displayName(entity)}</h1>
      <p className="urn">{entity.urn}</p>
      {siblings.length > 0 && (
        <p className="siblings">
          {entity.siblings?.isPrimary ? 'Also seen as' : 'Seen first as'}{' '}
          {siblings.map((s) => (
            <Link key={s.urn} to={entityPath(s.urn)} className="chip">
              {`${displayName(s as Named & { type: string })}${s.platform ? ` (${platformName(s as never)})` : ''}`}
            </Link>
          ))}
        </p>
      )}
      {entity.deprecation?.deprecated && (
        <p className="deprecated" role="note">
          <strong>Deprecated</strong>
          {entity.deprecation.decommissionTime
            ? `, to be decommissioned ${when(entity.deprecation.decommissionTime)}`
            : ''}
          {entity.deprecation.note ? `: ${entity.deprecation.note}` : ''}
        </p>
      )}
      <Link to={lineagePath(entity.urn)}>Lineage</Link>
    </header>
  );
}

/** The entity's description (Markdown, shown as text where it holds HTML) and its deprecation, editable. */
export function About({ entity, onChange }: { entity: EntityData; onChange: () => void }) {
  const can = entity.privileges ?? {};
  const text = description(entity);
  // Siblings are one asset (a dbt model and its warehouse table): without a description of its own, the
  // page shows its sibling's, as DataHub does, saying where it comes from.
  const sibling = text
    ? undefined
    : (entity.siblings?.siblings ?? []).find((s): s is Named => !!s && !!description(s as never));
  return (
    <section aria-labelledby="about">
      <h2 id="about">About</h2>
      <div className="description">
        {text ? (
          <Markdown text={text} />
        ) : sibling ? (
          <>
            <Markdown text={description(sibling as never)} />
            <p className="meta">From {platformName(sibling as never) ?? 'its sibling'}</p>
          </>
        ) : (
          <p>No description.</p>
        )}
      </div>
      {can.canEditDescription && (
        <DescriptionEditor target={{ urn: entity.urn }} text={text} onSaved={onChange} />
      )}
      {can.canEditDeprecation && entity.deprecation !== undefined && (
        <InlineForm
          label={entity.deprecation?.deprecated ? 'Undeprecate' : 'Deprecate'}
          inputs={
            entity.deprecation?.deprecated
              ? []
              : [{ name: 'note', label: 'Deprecation note', placeholder: 'Why, and what to use instead' }]
          }
          button={entity.deprecation?.deprecated ? 'Mark as not deprecated' : 'Mark as deprecated'}
          submit={(v) => m.updateDeprecation(entity.urn, !entity.deprecation?.deprecated, v.note ?? '')}
          onDone={onChange}
        />
      )}
    </section>
  );
}
