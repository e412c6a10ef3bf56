import { useEffect, useRef, useState, type FormEvent } from 'react';
import { gql } from './api';
import { displayName, kindName, SUMMARY_FIELDS, type EntitySummary } from './entity-names';
import { entityPath, navigate, searchPath } from './router';

interface Suggestions {
  autoCompleteForMultiple: { suggestions: { type: string; entities: EntitySummary[] }[] } | null;
}

const AUTOCOMPLETE = `query ($q: String!) {
  autoCompleteForMultiple(input: {query: $q, limit: 5}) {
    suggestions { type entities { ${SUMMARY_FIELDS} } }
  }
}`;

/** One search box for every kind, with suggestions as one types (entities to open directly). */
export function SearchBox({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  const [options, setOptions] = useState<EntitySummary[]>([]);
  const [open, setOpen] = useState(false);
  const asked = useRef(0);
  useEffect(() => setText(initial), [initial]);
  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) return setOptions([]);
    const n = ++asked.current;
    const timer = setTimeout(() => {
      gql<Suggestions>(AUTOCOMPLETE, { q })
        .then((d) => {
          if (n !== asked.current) return;
          setOptions((d.autoCompleteForMultiple?.suggestions ?? []).flatMap((s) => s.entities).slice(0, 10));
        })
        .catch(() => setOptions([]));
    }, 150);
    return () => clearTimeout(timer);
  }, [text]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setOpen(false);
    // New words start a new search, within the View chosen (DataHub keeps it across searches).
    const view = location.pathname === '/search' ? new URLSearchParams(location.search).get('view') : null;
    const to = searchPath(text.trim() || '*');
    navigate(view ? `${to}&view=${encodeURIComponent(view)}` : to);
  };
  return (
    <form role="search" onSubmit={submit} className="search-box">
      <input
        type="search"
        aria-label="Search the catalog"
        placeholder="Search datasets, dashboards, models, people…"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        aria-autocomplete="list"
        aria-controls="suggestions"
        aria-expanded={open && options.length > 0}
        role="combobox"
      />
      <button type="submit">Search</button>
      {open && options.length > 0 && (
        <ul id="suggestions" role="listbox" className="suggestions">
          {options.map((o) => (
            <li key={o.urn} role="option" aria-selected={false}>
              <a
                href={entityPath(o.urn)}
                onMouseDown={(e) => {
                  e.preventDefault();
                  setOpen(false);
                  navigate(entityPath(o.urn));
                }}
              >
                <span className="kind">{kindName(o.type)}</span> {displayName(o)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
