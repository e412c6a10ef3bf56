import { useEffect, useState, type FormEvent } from 'react';
import { gql } from '../../api';
import { Alert } from '../../alert';
import { TableHead } from '../../table-head';
import { FindForm } from './find-form';
import { messageOf } from './format';
import { useLatest } from '../../latest';

interface Property {
  urn: string;
  definition: {
    qualifiedName: string;
    displayName?: string | null;
    description?: string | null;
    cardinality?: string | null;
    valueType: { urn: string; info?: { displayName?: string | null } | null };
    entityTypes: { urn: string; info?: { type?: string | null } | null }[];
    allowedValues?:
      { value: { stringValue?: string; numberValue?: number }; description?: string | null }[] | null;
  };
}

const DEFINITION = `urn ... on StructuredPropertyEntity { definition {
  qualifiedName displayName description cardinality
  valueType { urn info { displayName } }
  entityTypes { urn info { type } }
  allowedValues { value { ... on StringValue { stringValue } ... on NumberValue { numberValue } } description }
} }`;
// DataHub's UI lists the definitions by searching the STRUCTURED_PROPERTY kind.
const PROPERTIES = `query ($q: String!) { searchAcrossEntities(input: {types: [STRUCTURED_PROPERTY], query: $q, start: 0, count: 100}) {
  total searchResults { entity { ${DEFINITION} } }
} }`;
const CREATE = `mutation ($input: CreateStructuredPropertyInput!) { createStructuredProperty(input: $input) { ${DEFINITION} } }`;

const VALUE_TYPES = ['string', 'rich_text', 'number', 'date', 'urn'] as const;
/** The kinds a definition most often applies to (DataHub's entity type names). */
const KINDS = [
  'dataset',
  'schemaField',
  'chart',
  'dashboard',
  'dataJob',
  'dataFlow',
  'container',
  'glossaryTerm',
  'domain',
];

const short = (urn: string) => urn.slice(urn.lastIndexOf(':') + 1).replace(/^datahub\./, '');
const allowed = (p: Property) =>
  (p.definition.allowedValues ?? [])
    .map(
      (a) =>
        String(a.value.stringValue ?? a.value.numberValue ?? '') +
        (a.description ? ` (${a.description})` : ''),
    )
    .join(', ');

/** Structured property definitions (Admin): listed with what they hold and where they apply, made and deleted. */
export function StructuredProperties() {
  const [props, setProps] = useState<Property[]>();
  const [total, setTotal] = useState(0);
  const [query, setQuery] = useState('');
  const [name, setName] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [valueType, setValueType] = useState<(typeof VALUE_TYPES)[number]>('string');
  const [multiple, setMultiple] = useState(false);
  const [kinds, setKinds] = useState<string[]>(['dataset']);
  const [values, setValues] = useState('');
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
  const latest = useLatest();
  const load = () =>
    latest(
      gql<{ searchAcrossEntities: { total: number; searchResults: { entity: Property }[] } }>(PROPERTIES, {
        q: query.trim() || '*',
      }),
    ).then(
      (d) => {
        setProps(d.searchAcrossEntities.searchResults.map((r) => r.entity));
        setTotal(d.searchAcrossEntities.total);
      },
      (e: unknown) => setError(messageOf(e)),
    );
  useEffect(() => void load(), []);
  const create = async (e: FormEvent) => {
    e.preventDefault();
    // One allowed value a line, "value: what it means" where it says.
    const allowedValues = values
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => {
        const [v = '', ...d] = l.split(':');
        const description = d.join(':').trim() || undefined;
        return valueType === 'number'
          ? { numberValue: Number(v.trim()), description }
          : { stringValue: v.trim(), description };
      });
    try {
      const d = await gql<{ createStructuredProperty: Property }>(CREATE, {
        input: {
          qualifiedName: name,
          displayName: displayName || undefined,
          valueType: `urn:li:dataType:datahub.${valueType}`,
          cardinality: multiple ? 'MULTIPLE' : 'SINGLE',
          entityTypes: kinds.map((k) => `urn:li:entityType:datahub.${k}`),
          ...(allowedValues.length ? { allowedValues } : {}),
        },
      });
      // The search index may not have it yet: the answer is the definition as made.
      const made = d.createStructuredProperty;
      setProps((ps) => [made, ...(ps ?? []).filter((p) => p.urn !== made.urn)]);
      setError(undefined);
      setMessage(`Created ${made.definition.qualifiedName}.`);
      setName('');
      setDisplayName('');
      setValues('');
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const remove = (p: Property) =>
    gql('mutation ($urn: String!) { deleteStructuredProperty(input: {urn: $urn}) }', { urn: p.urn }).then(
      () => {
        setProps((ps) => (ps ?? []).filter((x) => x.urn !== p.urn));
        setMessage(`Deleted ${p.definition.qualifiedName}.`);
      },
      (e: unknown) => setError(messageOf(e)),
    );
  const toggle = (k: string) => setKinds(kinds.includes(k) ? kinds.filter((x) => x !== k) : [...kinds, k]);
  return (
    <section aria-labelledby="properties" id="properties-section" className="properties">
      <h2 id="properties">Structured properties</h2>
      <form onSubmit={create} aria-label="New structured property">
        <div className="inline-form">
          <label>
            Qualified name
            <input name="property-name" value={name} onChange={(e) => setName(e.target.value)} required />
          </label>
          <label>
            Display name
            <input
              name="property-display"
              value={displayName}
              onChange={(e) => setDisplayName(e.target.value)}
            />
          </label>
          <label>
            Value type
            <select
              name="property-type"
              value={valueType}
              onChange={(e) => setValueType(e.target.value as typeof valueType)}
            >
              {VALUE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t.replace('_', ' ')}
                </option>
              ))}
            </select>
          </label>
          <label className="check">
            <input type="checkbox" checked={multiple} onChange={(e) => setMultiple(e.target.checked)} />
            Many values
          </label>
        </div>
        <fieldset className="kinds">
          <legend>Applies to</legend>
          {KINDS.map((k) => (
            <label key={k} className="check">
              <input
                type="checkbox"
                name={`kind-${k}`}
                checked={kinds.includes(k)}
                onChange={() => toggle(k)}
              />
              {k}
            </label>
          ))}
        </fieldset>
        <label className="definition">
          <span>
            Allowed values (one a line, <code>value: what it means</code>; none allows any)
          </span>
          <textarea
            name="property-values"
            value={values}
            onChange={(e) => setValues(e.target.value)}
            rows={3}
          />
        </label>
        <button type="submit">Create property</button>
      </form>
      {message && <p role="status">{message}</p>}
      <Alert error={error} />
      <FindForm
        label="Find structured properties"
        name="property-query"
        query={query}
        setQuery={setQuery}
        onFind={() => void load()}
        shown={props?.length}
        total={total}
      />
      <table className="property-list">
        <TableHead
          columns={[
            'Qualified name',
            'Display name',
            'Value type',
            'Cardinality',
            'Allowed values',
            'Applies to',
            'Delete',
          ]}
        />
        <tbody>
          {(props ?? []).map((p) => (
            <tr key={p.urn}>
              <td>
                <code>{p.definition.qualifiedName}</code>
              </td>
              <td>{p.definition.displayName ?? ''}</td>
              <td>{p.definition.valueType.info?.displayName ?? short(p.definition.valueType.urn)}</td>
              <td>{p.definition.cardinality ?? ''}</td>
              <td>{allowed(p)}</td>
              <td>{p.definition.entityTypes.map((t) => short(t.urn)).join(', ')}</td>
              <td>
                <button
                  type="button"
                  className="quiet"
                  aria-label={`Delete ${p.definition.qualifiedName}`}
                  onClick={() => remove(p)}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
