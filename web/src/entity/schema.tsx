import { Link } from '../link';
import { entityPath, searchPath } from '../router';
import { TableHead } from '../table-head';
import { Chip } from './chip';
import { DescriptionEditor } from './description-editor';
import { propertyName, valueText } from './details';
import { TagsAndTerms } from './labels';
import { labelOf, type EntityData, type Field, type FieldProfile } from './types';

const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : v.toLocaleString());

/** A column's profile in a few words: nulls, distinct values, range and mean. */
function profileText(p: FieldProfile | undefined): string {
  if (!p) return '';
  const parts: string[] = [];
  if (p.nullCount !== null && p.nullCount !== undefined) parts.push(`${num(p.nullCount)} null`);
  if (p.uniqueCount !== null && p.uniqueCount !== undefined) parts.push(`${num(p.uniqueCount)} distinct`);
  if (p.min != null || p.max != null) parts.push(`${p.min ?? '…'} to ${p.max ?? '…'}`);
  if (p.mean != null)
    parts.push(`mean ${Number(p.mean).toLocaleString(undefined, { maximumFractionDigits: 2 })}`);
  return parts.join(' · ');
}

/** A column's structured properties (its schemaField entity's), each with its values. */
const propertiesOf = (f: Field) => f.schemaFieldEntity?.structuredProperties?.properties ?? [];

/**
 * A dataset's columns: type, keys, description (the edited one over the ingested one), tags and terms
 * (edited ones removable), structured properties (a column when any has some), the latest profile of
 * each, and the foreign keys; edits where one may.
 */
export function Schema({ entity, onChange }: { entity: EntityData; onChange: () => void }) {
  const schema = entity.schemaMetadata;
  if (!schema) return null;
  const can = entity.privileges ?? {};
  const edited = new Map(
    (entity.editableSchemaMetadata?.editableSchemaFieldInfo ?? []).map((f) => [f.fieldPath, f]),
  );
  const profiles = new Map((entity.latestProfile?.[0]?.fieldProfiles ?? []).map((f) => [f.fieldPath, f]));
  const keys = new Set(schema.primaryKeys ?? []);
  const foreign = new Map<string, { dataset?: { urn: string } | null; text: string }>();
  for (const fk of schema.foreignKeys ?? []) {
    if (!fk) continue;
    (fk.sourceFields ?? []).forEach((s, i) => {
      if (!s) return;
      const target = fk.foreignFields?.[i]?.fieldPath ?? '';
      foreign.set(s.fieldPath, {
        dataset: fk.foreignDataset,
        text: `${fk.foreignDataset ? labelOf(fk.foreignDataset) : '?'}.${target}`,
      });
    });
  }
  const withProperties = schema.fields.some((f) => propertiesOf(f).length > 0);
  const canEdit = !!(
    can.canEditSchemaFieldDescription ||
    can.canEditSchemaFieldTags ||
    can.canEditSchemaFieldGlossaryTerms
  );
  return (
    <section aria-labelledby="schema">
      <h2 id="schema">Schema ({schema.fields.length} columns)</h2>
      <table className="schema">
        <TableHead
          columns={[
            'Column',
            'Type',
            'Description',
            'Tags and terms',
            ...(withProperties ? ['Properties'] : []),
            'Profile',
            ...(canEdit ? ['Edit'] : []),
          ]}
        />
        <tbody>
          {schema.fields.map((f) => {
            const mine = edited.get(f.fieldPath);
            const fk = foreign.get(f.fieldPath);
            const target = { urn: entity.urn, column: f.fieldPath };
            return (
              <tr key={f.fieldPath}>
                <td className="field">
                  {f.fieldPath}
                  {(f.isPartOfKey || keys.has(f.fieldPath)) && <span className="badge">key</span>}
                  {fk && (
                    <span className="fk">
                      {' → '}
                      {fk.dataset ? <Link to={entityPath(fk.dataset.urn)}>{fk.text}</Link> : fk.text}
                    </span>
                  )}
                </td>
                <td>{f.nativeDataType ?? f.type.toLowerCase()}</td>
                <td>{mine?.description ?? f.description ?? ''}</td>
                <td>
                  {[...(f.tags?.tags ?? [])].map((t) => (
                    <Chip
                      key={t.tag.urn}
                      to={searchPath('*', [['fieldTags', t.tag.urn]])}
                      text={labelOf(t.tag)}
                      what="tag"
                    />
                  ))}
                  {[...(f.glossaryTerms?.terms ?? [])].map((t) => (
                    <Chip key={t.term.urn} to={entityPath(t.term.urn)} text={labelOf(t.term)} what="term" />
                  ))}
                  {mine && (
                    <TagsAndTerms
                      labels={mine}
                      target={target}
                      canTags={false}
                      canTerms={false}
                      onChange={onChange}
                    />
                  )}
                </td>
                {withProperties && (
                  <td className="column-properties">
                    {propertiesOf(f).map((e) => (
                      <span key={e.structuredProperty.urn} className="column-property">
                        <Link to={entityPath(e.structuredProperty.urn)}>{propertyName(e)}</Link>
                        {`: ${e.values.map(valueText).join(', ')}`}
                      </span>
                    ))}
                  </td>
                )}
                <td className="profile">{profileText(profiles.get(f.fieldPath))}</td>
                {canEdit && (
                  <td>
                    <details className="column-edit">
                      <summary>Edit {f.fieldPath}</summary>
                      {can.canEditSchemaFieldDescription && (
                        <DescriptionEditor
                          target={target}
                          text={mine?.description ?? f.description ?? ''}
                          onSaved={onChange}
                          what={`description of ${f.fieldPath}`}
                        />
                      )}
                      <TagsAndTerms
                        labels={mine ?? {}}
                        target={target}
                        canTags={!!can.canEditSchemaFieldTags}
                        canTerms={!!can.canEditSchemaFieldGlossaryTerms}
                        onChange={onChange}
                        where={f.fieldPath}
                      />
                    </details>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
