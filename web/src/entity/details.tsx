import { TableHead } from '../table-head';
import { Chip } from './chip';
import { InlineForm } from './inline-form';
import * as m from './mutations';
import { when, type EntityData, type PropertyValue, type QueriesData, type StructuredEntry } from './types';
import { entityPath } from '../router';

/** A link the page may open: http(s) and mailto only (a `javascript:` URL shows as text). */
const safeUrl = (url: string | null | undefined): string | undefined =>
  url && /^(https?:|mailto:)/i.test(url.trim()) ? url.trim() : undefined;

/** A structured property's value as text. */
export const valueText = (v: PropertyValue | null) =>
  v ? (v.stringValue ?? (v.numberValue !== undefined ? String(v.numberValue) : '')) : '';

/** A structured property's name: its display name, its qualified name, its URN. */
export const propertyName = (e: StructuredEntry): string =>
  e.structuredProperty.definition?.displayName ??
  e.structuredProperty.definition?.qualifiedName ??
  e.structuredProperty.urn;

/**
 * An entity's custom properties and its external URL, as the source reported them (a URL the page may
 * not open, `javascript:` say, as text).
 */
export function Properties({ entity }: { entity: EntityData }) {
  const props = entity.properties?.customProperties ?? entity.info?.customProperties ?? [];
  const url = entity.properties?.externalUrl?.trim();
  const external = safeUrl(url);
  if (!props.length && !url) return null;
  return (
    <section aria-labelledby="properties">
      <h2 id="properties">Properties</h2>
      {external ? (
        <p>
          <a href={external} rel="noreferrer noopener" target="_blank">
            View in the source
          </a>
        </p>
      ) : (
        url && <p className="external">In the source: {url}</p>
      )}
      {props.length > 0 && (
        <table className="properties">
          <TableHead columns={['Name', 'Value']} />
          <tbody>
            {props.map((p) => (
              <tr key={p.key}>
                <td>{p.key}</td>
                <td>{p.value ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** An entity's documentation links (DataHub's institutional memory), added and removed where one may. */
export function Links({ entity, onChange }: { entity: EntityData; onChange: () => void }) {
  if (entity.institutionalMemory === undefined) return null;
  const links = entity.institutionalMemory?.elements ?? [];
  const can = !!entity.privileges?.canEditLinks;
  if (!links.length && !can) return null;
  return (
    <section aria-labelledby="links">
      <h2 id="links">Links</h2>
      <ul className="links">
        {links.map((l) => {
          const href = safeUrl(l.url);
          return (
            <li key={l.url}>
              {href ? (
                <a href={href} rel="noreferrer noopener" target="_blank">
                  {l.label || l.url}
                </a>
              ) : (
                <span>{`${l.label} (${l.url})`}</span>
              )}{' '}
              {l.created?.time ? <span className="when">added {when(l.created.time)}</span> : null}
              {can && (
                <button
                  type="button"
                  className="remove"
                  aria-label={`Remove link ${l.label || l.url}`}
                  onClick={() => m.removeLink(entity.urn, l.url).then(onChange)}
                >
                  ×
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {can && (
        <InlineForm
          label="Add a link"
          inputs={[
            { name: 'url', label: 'Link URL', placeholder: 'https://…' },
            { name: 'label', label: 'Link label', placeholder: 'What it is' },
          ]}
          button="Add link"
          submit={async (v) => {
            if (!safeUrl(v.url)) throw new Error('A link must start with http://, https:// or mailto:');
            return m.addLink(entity.urn, v.url as string, v.label as string);
          }}
          onDone={onChange}
        />
      )}
    </section>
  );
}

/** An entity's structured properties: each one's values, set, changed and removed where one may. */
export function StructuredProperties({ entity, onChange }: { entity: EntityData; onChange: () => void }) {
  if (entity.structuredProperties === undefined) return null;
  const entries = entity.structuredProperties?.properties ?? [];
  const can = !!entity.privileges?.canEditProperties;
  if (!entries.length && !can) return null;
  const parse = (propertyType: string | null | undefined, text: string): (string | number)[] =>
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => (propertyType === 'NUMBER' ? Number(s) : s));
  return (
    <section aria-labelledby="structured">
      <h2 id="structured">Structured properties</h2>
      {entries.length > 0 && (
        <table className="properties">
          <TableHead columns={['Property', 'Values', ...(can ? ['Edit'] : [])]} />
          <tbody>
            {entries.map((e) => {
              const name = propertyName(e);
              const type = e.structuredProperty.definition?.valueType?.info?.type;
              return (
                <tr key={e.structuredProperty.urn}>
                  <td>
                    <Chip to={entityPath(e.structuredProperty.urn)} text={name} what="property" />
                  </td>
                  <td>{e.values.map(valueText).join(', ')}</td>
                  {can && (
                    <td>
                      <InlineForm
                        label={`Change ${name}`}
                        inputs={[
                          { name: 'values', label: `New values of ${name}`, placeholder: 'Comma-separated' },
                        ]}
                        button="Set"
                        submit={(v) =>
                          m.setProperty(entity.urn, e.structuredProperty.urn, parse(type, v.values ?? ''))
                        }
                        onDone={onChange}
                      />
                      <button
                        type="button"
                        className="remove"
                        aria-label={`Remove property ${name}`}
                        onClick={() => m.removeProperty(entity.urn, e.structuredProperty.urn).then(onChange)}
                      >
                        ×
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {can && (
        <InlineForm
          label="Set a structured property"
          inputs={[
            { name: 'property', label: 'Structured property', placeholder: 'urn:li:structuredProperty:…' },
            { name: 'values', label: 'Property values', placeholder: 'Comma-separated' },
          ]}
          button="Set property"
          submit={(v) => {
            const urn = (v.property ?? '').startsWith('urn:li:')
              ? (v.property as string)
              : `urn:li:structuredProperty:${v.property}`;
            const values = (v.values ?? '')
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean);
            return m.setProperty(
              entity.urn,
              urn,
              values.map((s) => (/^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s)),
            );
          }}
          onDone={onChange}
        />
      )}
    </section>
  );
}

/** A view's definition, and the queries written against a dataset. */
export function Sql({ entity, queries }: { entity: EntityData; queries?: QueriesData | null }) {
  const view = entity.viewProperties;
  const list = queries?.queries ?? [];
  if (!view && !list.length) return null;
  return (
    <section aria-labelledby="sql">
      <h2 id="sql">{view ? 'View definition' : 'Queries'}</h2>
      {view && (
        <>
          <p className="meta">
            {view.language}
            {view.materialized ? ', materialized' : ''}
          </p>
          <pre className="sql">
            <code>{view.logic}</code>
          </pre>
        </>
      )}
      {list.length > 0 && (
        <>
          {view && <h3>Queries ({queries?.total})</h3>}
          {list.map((q) => (
            <div key={q.urn} className="query">
              {q.properties?.name && <h4>{q.properties.name}</h4>}
              {q.properties?.description && <p>{q.properties.description}</p>}
              <pre className="sql">
                <code>{q.properties?.statement.value ?? ''}</code>
              </pre>
            </div>
          ))}
        </>
      )}
    </section>
  );
}
