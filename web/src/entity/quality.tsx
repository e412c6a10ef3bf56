import { Link } from '../link';
import { entityPath } from '../router';
import { TableHead } from '../table-head';
import { labelOf, when, type EntityData } from './types';

/** Data quality: assertions with their latest runs, incidents, and the metadata tests passed and failed. */
export function Quality({ entity }: { entity: EntityData }) {
  const assertions = entity.assertions?.assertions ?? [];
  const incidents = entity.incidents?.incidents ?? [];
  const passing = entity.testResults?.passing ?? [];
  const failing = entity.testResults?.failing ?? [];
  if (!assertions.length && !incidents.length && !passing.length && !failing.length) return null;
  return (
    <section aria-labelledby="quality">
      <h2 id="quality">Quality</h2>
      {assertions.length > 0 && (
        <table className="assertions">
          <caption>Assertions ({entity.assertions?.total})</caption>
          <TableHead columns={['Assertion', 'Latest run', 'Runs passed', 'Runs failed']} />
          <tbody>
            {assertions.map((a) => {
              const latest = a.runEvents?.runEvents[0];
              return (
                <tr key={a.urn}>
                  <td>{a.info?.description || a.info?.type || a.urn}</td>
                  <td className={latest?.result?.type === 'FAILURE' ? 'failing' : undefined}>
                    {latest
                      ? `${latest.result?.type ?? 'no result'}, ${when(latest.timestampMillis)}`
                      : 'never run'}
                  </td>
                  <td>{a.runEvents?.succeeded ?? 0}</td>
                  <td>{a.runEvents?.failed ?? 0}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {incidents.length > 0 && (
        <table className="incidents">
          <caption>Incidents ({entity.incidents?.total})</caption>
          <TableHead columns={['Incident', 'Type', 'State', 'Raised']} />
          <tbody>
            {incidents.map((i) => (
              <tr key={i.urn}>
                <td>
                  {i.title ?? i.urn}
                  {i.description ? ` — ${i.description}` : ''}
                </td>
                <td>{i.incidentType}</td>
                <td className={i.incidentStatus?.state === 'ACTIVE' ? 'failing' : undefined}>
                  {i.incidentStatus?.state}
                </td>
                <td>{when(i.created?.time)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(passing.length > 0 || failing.length > 0) && (
        <p className="tests">
          Metadata tests: {failing.length} failing
          {failing.map((r, i) =>
            r.test ? (
              <Link key={`f${i}`} to={entityPath(r.test.urn)} className="chip failing">
                {labelOf(r.test)}
              </Link>
            ) : null,
          )}
          , {passing.length} passing
          {passing.map((r, i) =>
            r.test ? (
              <Link key={`p${i}`} to={entityPath(r.test.urn)} className="chip">
                {labelOf(r.test)}
              </Link>
            ) : null,
          )}
        </p>
      )}
    </section>
  );
}
