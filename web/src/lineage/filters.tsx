import { kindName } from '../entity-names';

// The kinds and platforms the page shows, as checkboxes built from what the graph and the impact list
// hold; what is unticked is hidden from both.

export interface Hidden {
  kinds: ReadonlySet<string>;
  platforms: ReadonlySet<string>;
}

/** Whether an entity of `type` on `platforms` (any of them, for a sibling group) passes the filters. */
export const passes = (h: Hidden, type: string, platforms: readonly string[]): boolean =>
  !h.kinds.has(type) && (platforms.length === 0 || platforms.some((p) => !h.platforms.has(p)));

const toggled = (set: ReadonlySet<string>, value: string): Set<string> => {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
};

export function Filters({
  kinds,
  platforms,
  hidden,
  onChange,
}: {
  kinds: readonly string[];
  platforms: readonly string[];
  hidden: Hidden;
  onChange: (h: Hidden) => void;
}) {
  return (
    <div className="lineage-filters-row">
      <fieldset className="lineage-filters kinds">
        <legend>Kinds</legend>
        {kinds.map((k) => (
          <label key={k}>
            <input
              type="checkbox"
              checked={!hidden.kinds.has(k)}
              onChange={() => onChange({ ...hidden, kinds: toggled(hidden.kinds, k) })}
            />
            {kindName(k)}
          </label>
        ))}
      </fieldset>
      <fieldset className="lineage-filters platforms">
        <legend>Platforms</legend>
        {platforms.map((p) => (
          <label key={p}>
            <input
              type="checkbox"
              checked={!hidden.platforms.has(p)}
              onChange={() => onChange({ ...hidden, platforms: toggled(hidden.platforms, p) })}
            />
            {p}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
