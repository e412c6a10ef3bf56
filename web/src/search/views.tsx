import { useEffect, useState, type FormEvent } from 'react';
import { gql } from '../api';
import { navigate } from '../router';
import { addressOf, orFilters, type SearchAddress } from './address';
import { CREATE_VIEW, VIEWS, type View, type Views } from './queries';

/**
 * DataHub's Views: pick one of one's own or the organisation's to search within it (its URN goes in the
 * address), or save the filters on now as a personal View of one's own.
 */
export function ViewPicker({ at }: { at: SearchAddress }) {
  const [views, setViews] = useState<{ mine: View[]; global: View[] }>({ mine: [], global: [] });
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const load = () =>
    gql<Views>(VIEWS)
      .then((d) => setViews({ mine: d.listMyViews?.views ?? [], global: d.listGlobalViews?.views ?? [] }))
      .catch((e: Error) => setError(e.message));
  useEffect(() => void load(), []);
  const pick = (view: string) => navigate(addressOf({ ...at, view: view || undefined, page: 0 }));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    // The kinds filtered on are the View's entity types; the other filters its conjunction.
    const kinds = at.filters.filter((f) => f.field === '_entityType' && !f.negated).map((f) => f.value);
    const rest = at.filters.filter((f) => !(f.field === '_entityType' && !f.negated));
    try {
      const d = await gql<{ createView: View }>(CREATE_VIEW, {
        input: {
          name: name.trim(),
          viewType: 'PERSONAL',
          definition: {
            entityTypes: kinds,
            filter: { operator: 'AND', filters: orFilters(rest)[0]?.and ?? [] },
          },
        },
      });
      setName('');
      // The lists come from the search index, which has the new View a moment later: shown from here now.
      setViews((v) => ({ ...v, mine: [...v.mine.filter((x) => x.urn !== d.createView.urn), d.createView] }));
      navigate(addressOf({ ...at, filters: [], view: d.createView.urn, page: 0 }));
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const known = [...views.mine, ...views.global].some((v) => v.urn === at.view);
  return (
    <div className="views">
      <label>
        View{' '}
        <select className="view" value={at.view ?? ''} onChange={(e) => pick(e.target.value)}>
          <option value="">All of the catalog</option>
          {views.mine.length > 0 && (
            <optgroup label="My views">
              {views.mine.map((v) => (
                <option key={v.urn} value={v.urn}>
                  {v.name}
                </option>
              ))}
            </optgroup>
          )}
          {views.global.length > 0 && (
            <optgroup label="Everyone's views">
              {views.global.map((v) => (
                <option key={v.urn} value={v.urn}>
                  {v.name}
                </option>
              ))}
            </optgroup>
          )}
          {at.view && !known && <option value={at.view}>{at.view}</option>}
        </select>
      </label>
      {at.filters.length > 0 && (
        <form onSubmit={save} className="save-view" aria-label="Save these filters as a view">
          <label>
            New view from these filters{' '}
            <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
          </label>
          <button type="submit" disabled={!name.trim()}>
            Save view
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </div>
  );
}
