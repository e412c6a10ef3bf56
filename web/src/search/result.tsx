import { Fragment } from 'react';
import { description, displayName, kindName, platformName, type EntitySummary } from '../entity-names';
import { Link } from '../link';
import { entityPath } from '../router';
import { labelName, urnName } from './names';
import type { Named, ResultEntity } from './queries';

/** One row of labels (owners, tags...) as links to their pages; nothing when there are none. */
function Labels({ title, items }: { title: string; items: Named[] }) {
  if (!items.length) return null;
  return (
    <div className={`labels-row ${title.toLowerCase().replace(/ /g, '-')}`}>
      <span className="label-title">{title}</span>{' '}
      {items.map((n) => (
        <Fragment key={n.urn}>
          <Link to={entityPath(n.urn)} className="chip">
            {labelName(n)}
          </Link>{' '}
        </Fragment>
      ))}
    </div>
  );
}

/**
 * One search result: name (the link to its page), kind, platform and domain, description, then its owners,
 * tags and glossary terms, and the fields the words matched (when there were words). A sibling group (a
 * dbt model and its warehouse table, `group`: the primary first) is one result with the platforms of all,
 * and the first description among them when the entity has none, as DataHub shows it.
 */
export function Result({
  entity,
  group = [],
  matched,
  words,
}: {
  entity: ResultEntity;
  group?: readonly EntitySummary[];
  matched: { name: string; value: string }[];
  words: boolean;
}) {
  const domain = entity.domain?.domain;
  const platforms = group.length
    ? [...new Set(group.map(platformName).filter((p): p is string => !!p))]
    : [platformName(entity)].filter((p): p is string => !!p);
  const text = description(entity) || group.map(description).find((d) => d) || '';
  const fields = [...new Set(matched.map((m) => m.name))];
  return (
    <li className="result">
      <Link to={entityPath(entity.urn)}>{displayName(entity)}</Link>
      <div className="meta">
        <span className="kind">{kindName(entity.type)}</span>
        {platforms.map((p) => (
          <span key={p} className="platform">
            {p}
          </span>
        ))}
        {domain && (
          <span className="domain">
            Domain <Link to={entityPath(domain.urn)}>{labelName(domain)}</Link>
          </span>
        )}
      </div>
      {text && <p className="description">{text}</p>}
      <Labels
        title="Owners"
        items={(entity.ownership?.owners ?? []).map((o) => o.owner).filter((o) => o?.urn)}
      />
      <Labels title="Tags" items={(entity.tags?.tags ?? []).map((t) => t.tag)} />
      <Labels title="Glossary terms" items={(entity.glossaryTerms?.terms ?? []).map((t) => t.term)} />
      {words && fields.length > 0 && (
        <p className="matched" title={matched.map((m) => `${m.name}: ${urnName(m.value)}`).join('\n')}>
          Matched {fields.join(', ')}
        </p>
      )}
    </li>
  );
}
