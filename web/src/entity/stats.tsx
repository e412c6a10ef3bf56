import { TableHead } from '../table-head';
import { LineChart } from './chart';
import { labelOf, when, type EntityData } from './types';

/**
 * A dataset's statistics: its profiles (rows and columns now, rows over time), its usage over the last
 * month (queries and users per day, top users and columns) and its latest operations.
 */
export function Stats({ entity }: { entity: EntityData }) {
  const latest = entity.latestProfile?.[0];
  const usage = entity.usageStats;
  const ops = entity.operations ?? [];
  const buckets = (usage?.buckets ?? []).filter((b) => b?.bucket != null);
  if (!latest && !buckets.length && !ops.length) return null;
  return (
    <section aria-labelledby="stats" className="stats">
      <h2 id="stats">Statistics</h2>
      {latest && (
        <div className="figures">
          <p>
            <strong>{latest.rowCount?.toLocaleString() ?? '?'}</strong> rows,{' '}
            <strong>{latest.columnCount?.toLocaleString() ?? '?'}</strong> columns
            {latest.sizeInBytes ? `, ${(latest.sizeInBytes / 1024).toFixed(1)} kB` : ''} (profiled{' '}
            {when(latest.timestampMillis)})
          </p>
          <LineChart
            title="Rows per profile"
            points={(entity.datasetProfiles ?? [])
              .filter((q) => q.rowCount != null)
              .map((q) => ({ t: q.timestampMillis, v: q.rowCount as number }))}
          />
        </div>
      )}
      {buckets.length > 0 && (
        <div className="figures">
          <p>
            <strong>{usage?.aggregations?.totalSqlQueries?.toLocaleString() ?? 0}</strong> queries by{' '}
            <strong>{(usage?.aggregations?.uniqueUserCount ?? 0).toLocaleString()}</strong>{' '}
            {usage?.aggregations?.uniqueUserCount === 1 ? 'user' : 'users'} in the last month
          </p>
          <LineChart
            title="Queries per day"
            points={buckets.map((b) => ({ t: b?.bucket as number, v: b?.metrics?.totalSqlQueries ?? 0 }))}
          />
          <p className="top">
            Top users:{' '}
            {[...(usage?.aggregations?.users ?? [])]
              .sort((a, b) => (b?.count ?? 0) - (a?.count ?? 0))
              .slice(0, 5)
              .map((u) => (u?.user ? `${labelOf(u.user)} (${u.count})` : ''))
              .filter(Boolean)
              .join(', ') || 'none'}
            . Top columns:{' '}
            {[...(usage?.aggregations?.fields ?? [])]
              .sort((a, b) => (b?.count ?? 0) - (a?.count ?? 0))
              .slice(0, 5)
              .map((f) => `${f?.fieldName} (${f?.count ?? 0})`)
              .join(', ') || 'none'}
            .
          </p>
        </div>
      )}
      {ops.length > 0 && (
        <table className="operations">
          <caption>Latest operations</caption>
          <TableHead columns={['When', 'Operation', 'Rows', 'By']} />
          <tbody>
            {ops.map((o) => (
              <tr key={`${o.timestampMillis} ${o.operationType}`}>
                <td>{when(o.lastUpdatedTimestamp || o.timestampMillis)}</td>
                <td>{o.customOperationType ?? o.operationType}</td>
                <td>{o.numAffectedRows?.toLocaleString() ?? ''}</td>
                <td>{o.actor ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
