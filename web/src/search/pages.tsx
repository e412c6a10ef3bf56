import { useState, type FormEvent } from 'react';
import { Link } from '../link';
import { navigate } from '../router';
import { addressOf, type SearchAddress } from './address';

/**
 * A search's pages: previous, next, the last, and any page by its number. neohub pages by `start` to the
 * end of the matches (DataHub's search stops at 10,000; this page does not).
 */
export function Pages({ at, total, size }: { at: SearchAddress; total: number; size: number }) {
  const last = Math.max(0, Math.ceil(total / size) - 1);
  const [to, setTo] = useState('');
  if (last === 0 && at.page === 0) return null;
  const go = (n: number) => addressOf({ ...at, page: n });
  const jump = (e: FormEvent) => {
    e.preventDefault();
    const n = Math.floor(Number(to));
    if (n >= 1) navigate(go(Math.min(n - 1, last)));
  };
  return (
    <nav aria-label="Pages" className="pages">
      {at.page > 0 && <Link to={go(0)}>First</Link>}
      {at.page > 0 && <Link to={go(Math.min(at.page - 1, last))}>Previous</Link>}
      <span className="page-of">
        Page {(at.page + 1).toLocaleString('en')} of {(last + 1).toLocaleString('en')}
      </span>
      {at.page < last && <Link to={go(at.page + 1)}>Next</Link>}
      {at.page < last && <Link to={go(last)}>Last</Link>}
      <form onSubmit={jump} className="jump">
        <label>
          Go to page{' '}
          <input type="number" min={1} max={last + 1} value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="submit" className="quiet">
          Go
        </button>
      </form>
    </nav>
  );
}
