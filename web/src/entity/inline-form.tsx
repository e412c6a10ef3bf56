import { useState, type FormEvent } from 'react';
import { Alert } from '../alert';

export interface InputSpec {
  name: string;
  /** The control's accessible name. */
  label: string;
  placeholder?: string;
  /** A choice among these [value, words] instead of text. */
  options?: readonly (readonly [string, string])[];
  required?: boolean;
}

/**
 * A one-line form of an edit: its inputs, a button, the server's refusal as an alert. Folded into a
 * button named as the form until one opens it (a page of many edits stays readable); folded again after
 * the edit is made.
 */
export function InlineForm(p: {
  label: string;
  inputs: readonly InputSpec[];
  button: string;
  submit: (values: Record<string, string>) => Promise<unknown>;
  onDone: () => void;
}) {
  const initial = () =>
    Object.fromEntries(p.inputs.map((i) => [i.name, i.options?.[0]?.[0] ?? ''])) as Record<string, string>;
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (p.inputs.some((i) => i.required !== false && !values[i.name]?.trim())) return;
    setBusy(true);
    try {
      await p.submit(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])));
      setValues(initial());
      setError(undefined);
      setOpen(false);
      p.onDone();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (!open && p.inputs.length)
    return (
      <button type="button" className="quiet opener" onClick={() => setOpen(true)}>
        {p.label}
      </button>
    );
  return (
    <form className="inline-form entity-edit" aria-label={p.label} onSubmit={send}>
      {p.inputs.map((i) =>
        i.options ? (
          <select
            key={i.name}
            aria-label={i.label}
            value={values[i.name]}
            onChange={(e) => setValues({ ...values, [i.name]: e.target.value })}
          >
            {i.options.map(([v, words]) => (
              <option key={v} value={v}>
                {words}
              </option>
            ))}
          </select>
        ) : (
          <input
            key={i.name}
            autoFocus={i === p.inputs[0]}
            aria-label={i.label}
            placeholder={i.placeholder}
            value={values[i.name]}
            onChange={(e) => setValues({ ...values, [i.name]: e.target.value })}
          />
        ),
      )}
      <button type="submit" disabled={busy}>
        {p.button}
      </button>
      {p.inputs.length > 0 && (
        <button type="button" className="quiet" onClick={() => setOpen(false)}>
          Cancel
        </button>
      )}
      <Alert error={error} />
    </form>
  );
}
