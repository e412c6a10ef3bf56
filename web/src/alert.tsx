/** What went wrong, announced to screen readers; nothing when nothing did. */
export function Alert({ error }: { error?: string | undefined }) {
  return error ? (
    <p role="alert" className="error">
      {error}
    </p>
  ) : null;
}
