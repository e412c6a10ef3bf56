import { useState } from 'react';
import { Alert } from '../alert';
import { updateDescription, type Target } from './mutations';

/** Edits a description (Markdown) of an entity or a column: a button, then a text area with Save and Cancel. */
export function DescriptionEditor(p: { target: Target; text: string; onSaved: () => void; what?: string }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(p.text);
  const [error, setError] = useState<string>();
  const what = p.what ?? 'description';
  const save = async () => {
    try {
      await updateDescription(p.target, draft);
      setEditing(false);
      setError(undefined);
      p.onSaved();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  if (!editing)
    return (
      <button
        type="button"
        className="quiet edit"
        aria-label={`Edit ${what}`}
        onClick={() => {
          setDraft(p.text);
          setEditing(true);
        }}
      >
        Edit {p.target.column ? '' : 'description'}
      </button>
    );
  return (
    <div className="editor">
      <label>
        {what.charAt(0).toUpperCase() + what.slice(1)}
        <textarea value={draft} onChange={(e) => setDraft(e.target.value)} rows={p.target.column ? 3 : 6} />
      </label>
      <Alert error={error} />
      <button type="button" onClick={save}>
        Save
      </button>
      <button type="button" className="quiet" onClick={() => setEditing(false)}>
        Cancel
      </button>
    </div>
  );
}
