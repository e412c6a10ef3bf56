import { useEffect, useState, type FormEvent } from 'react';
import { gql } from '../../api';
import { Alert } from '../../alert';
import { Link } from '../../link';
import { searchPath } from '../../router';
import { TableHead } from '../../table-head';
import { messageOf } from './format';

interface Test {
  urn: string;
  name: string;
  category: string;
  description?: string | null;
  definition: { json?: string | null };
}
interface Counts {
  passing: number;
  failing: number;
}
interface Draft {
  name: string;
  category: string;
  description: string;
  json: string;
}

const TESTS = `{ listTests(input: {start: 0, count: 100, query: "*"}) {
  total tests { urn name category description definition { json } }
} }`;
// DataHub's UI counts a test's results by searching on the fields its testResults aspect indexes.
const COUNTS = `query ($t: String!) {
  passing: searchAcrossEntities(input: {query: "*", start: 0, count: 0, orFilters: [{and: [{field: "passingTests", values: [$t]}]}]}) { total }
  failing: searchAcrossEntities(input: {query: "*", start: 0, count: 0, orFilters: [{and: [{field: "failingTests", values: [$t]}]}]}) { total }
}`;
const TEMPLATE = JSON.stringify(
  {
    on: { types: ['dataset'] },
    rules: [{ query: 'editableDatasetProperties.description', operation: 'exists' }],
  },
  null,
  2,
);
const EMPTY: Draft = { name: '', category: '', description: '', json: TEMPLATE };

const pretty = (json?: string | null): string => {
  try {
    return JSON.stringify(JSON.parse(json ?? ''), null, 2);
  } catch {
    return json ?? '';
  }
};

/**
 * Metadata tests: each with its definition and how many entities pass and fail it; defined, changed and
 * removed here (Admin). The server evaluates a test over the catalog when it is made or changed, and an
 * entity again whenever it changes, so the counts follow without a run to start.
 */
export function MetadataTests() {
  const [tests, setTests] = useState<Test[]>();
  const [counts, setCounts] = useState<Record<string, Counts>>({});
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
  const count = async (list: Test[]) => {
    const got = await Promise.all(
      list.map((t) =>
        gql<{ passing: { total: number }; failing: { total: number } }>(COUNTS, { t: t.urn }).then(
          (d) => [t.urn, { passing: d.passing.total, failing: d.failing.total }] as const,
        ),
      ),
    );
    setCounts(Object.fromEntries(got));
  };
  const load = async () => {
    try {
      const d = await gql<{ listTests: { tests: Test[] } }>(TESTS);
      setTests(d.listTests.tests);
      await count(d.listTests.tests);
    } catch (e) {
      setError(messageOf(e));
    }
  };
  useEffect(() => void load(), []);
  const set = (k: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [k]: e.target.value });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const input = {
      name: draft.name,
      category: draft.category,
      description: draft.description || null,
      definition: { json: draft.json },
    };
    try {
      if (editing)
        await gql(
          'mutation ($urn: String!, $input: UpdateTestInput!) { updateTest(urn: $urn, input: $input) }',
          {
            urn: editing,
            input,
          },
        );
      else await gql('mutation ($input: CreateTestInput!) { createTest(input: $input) }', { input });
      setError(undefined);
      setMessage(
        `${editing ? 'Saved' : 'Created'} ${draft.name}: its results follow as the server evaluates it.`,
      );
      setDraft(EMPTY);
      setEditing(undefined);
      await load();
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const edit = (t: Test) => {
    setEditing(t.urn);
    setDraft({
      name: t.name,
      category: t.category,
      description: t.description ?? '',
      json: pretty(t.definition.json),
    });
  };
  const remove = (t: Test) =>
    gql('mutation ($urn: String!) { deleteTest(urn: $urn) }', { urn: t.urn }).then(
      async () => {
        setMessage(`Deleted ${t.name}.`);
        await load();
      },
      (e: unknown) => setError(messageOf(e)),
    );
  return (
    <section aria-labelledby="tests" id="tests-section" className="metadata-tests">
      <h2 id="tests">Metadata tests</h2>
      <form onSubmit={save} className="test-form" aria-label={editing ? 'Change the test' : 'New test'}>
        <div className="inline-form">
          <label>
            Name
            <input name="test-name" value={draft.name} onChange={set('name')} required />
          </label>
          <label>
            Category
            <input name="test-category" value={draft.category} onChange={set('category')} required />
          </label>
          <label className="wide">
            Description
            <input name="test-description" value={draft.description} onChange={set('description')} />
          </label>
        </div>
        <label className="definition">
          <span>
            Definition (DataHub&apos;s test JSON: <code>on</code> the kinds and matches it applies to, the{' '}
            <code>rules</code> they must pass)
          </span>
          <textarea
            name="test-definition"
            value={draft.json}
            onChange={set('json')}
            rows={8}
            spellCheck={false}
            required
          />
        </label>
        <div className="inline-form">
          <button type="submit">{editing ? 'Save the test' : 'Create test'}</button>
          {editing && (
            <button
              type="button"
              className="quiet"
              onClick={() => {
                setEditing(undefined);
                setDraft(EMPTY);
              }}
            >
              Cancel
            </button>
          )}
          <button type="button" className="quiet" onClick={() => void load()}>
            Refresh the results
          </button>
        </div>
      </form>
      {message && <p role="status">{message}</p>}
      <Alert error={error} />
      <table className="tests">
        <TableHead columns={['Test', 'Category', 'Passing', 'Failing', 'Definition', 'Change']} />
        <tbody>
          {(tests ?? []).map((t) => (
            <tr key={t.urn}>
              <td>
                <strong>{t.name}</strong>
                {t.description && <div className="muted">{t.description}</div>}
              </td>
              <td>{t.category}</td>
              <td className="passing">
                <Link to={searchPath('*', [['passingTests', t.urn]])}>
                  {counts[t.urn]?.passing ?? '…'}
                  <span className="sr-only"> entities pass {t.name}</span>
                </Link>
              </td>
              <td className="failing">
                <Link to={searchPath('*', [['failingTests', t.urn]])}>
                  {counts[t.urn]?.failing ?? '…'}
                  <span className="sr-only"> entities fail {t.name}</span>
                </Link>
              </td>
              <td>
                <details>
                  <summary>JSON</summary>
                  <pre>{pretty(t.definition.json)}</pre>
                </details>
              </td>
              <td>
                <button type="button" className="quiet" aria-label={`Edit ${t.name}`} onClick={() => edit(t)}>
                  Edit
                </button>
                <button
                  type="button"
                  className="quiet"
                  aria-label={`Delete ${t.name}`}
                  onClick={() => remove(t)}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
