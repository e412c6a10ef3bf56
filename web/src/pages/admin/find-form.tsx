/** A section's search box: its words, Find, and how many of the matches the list shows. */
export function FindForm(p: {
  label: string;
  name: string;
  query: string;
  setQuery: (q: string) => void;
  onFind: () => void;
  shown?: number | undefined;
  total?: number | undefined;
}) {
  return (
    <form
      className="find"
      role="search"
      aria-label={p.label}
      onSubmit={(e) => {
        e.preventDefault();
        p.onFind();
      }}
    >
      <label>
        {p.label}
        <input name={p.name} type="search" value={p.query} onChange={(e) => p.setQuery(e.target.value)} />
      </label>{' '}
      <button type="submit" className="quiet">
        Find
      </button>
      {p.shown !== undefined && p.total !== undefined && p.total > p.shown && (
        <span className="muted">
          {' '}
          {p.shown} of {p.total} shown
        </span>
      )}
    </form>
  );
}
