import { useState } from 'react';
import { Link } from '../link';

/** A label on the page (a tag, term, owner, domain): a link to it, and a remove button where one may edit. */
export function Chip(p: {
  to: string;
  text: string;
  onRemove?: (() => Promise<unknown>) | undefined;
  what: string;
}) {
  const [error, setError] = useState<string>();
  return (
    <span className="chip">
      <Link to={p.to}>{p.text}</Link>
      {p.onRemove && (
        <button
          type="button"
          className="remove"
          aria-label={`Remove ${p.what} ${p.text}`}
          onClick={() => p.onRemove?.().catch((e: Error) => setError(e.message))}
        >
          ×
        </button>
      )}
      {error && (
        <span role="alert" className="error">
          {error}
        </span>
      )}
    </span>
  );
}
