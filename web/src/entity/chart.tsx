const W = 360;
const H = 120;
const PAD = 28;

/**
 * A small line chart of a series over time (a profile's row counts, a day's queries), drawn as SVG: the
 * values' range on the left, the first and last days below, the series' words for screen readers.
 */
export function LineChart(p: { title: string; points: readonly { t: number; v: number }[] }) {
  const pts = [...p.points].sort((a, b) => a.t - b.t);
  if (!pts.length) return null;
  const t0 = pts[0]!.t;
  const t1 = pts[pts.length - 1]!.t;
  const vs = pts.map((x) => x.v);
  const lo = Math.min(0, ...vs);
  const hi = Math.max(...vs, lo + 1);
  const x = (t: number) => PAD + (t1 === t0 ? (W - 2 * PAD) / 2 : ((t - t0) / (t1 - t0)) * (W - 2 * PAD));
  const y = (v: number) => H - PAD / 2 - ((v - lo) / (hi - lo)) * (H - PAD);
  const day = (t: number) => new Date(t).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
  const last = pts[pts.length - 1]!;
  return (
    <figure className="chart">
      <figcaption>{p.title}</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width={W}
        height={H}
        role="img"
        aria-label={`${p.title}: ${pts.length} points from ${day(t0)} to ${day(t1)}, latest ${last.v.toLocaleString()}`}
      >
        <line x1={PAD} y1={y(lo)} x2={W - PAD} y2={y(lo)} className="axis" />
        <text x={2} y={y(hi) + 4} className="tick">
          {hi.toLocaleString()}
        </text>
        <text x={2} y={y(lo)} className="tick">
          {lo.toLocaleString()}
        </text>
        <text x={PAD} y={H - 1} className="tick">
          {day(t0)}
        </text>
        <text x={W - PAD} y={H - 1} className="tick" textAnchor="end">
          {day(t1)}
        </text>
        <polyline points={pts.map((q) => `${x(q.t)},${y(q.v)}`).join(' ')} className="series" />
        {pts.map((q) => (
          <circle key={q.t} cx={x(q.t)} cy={y(q.v)} r={3} className="dot">
            <title>{`${day(q.t)}: ${q.v.toLocaleString()}`}</title>
          </circle>
        ))}
      </svg>
    </figure>
  );
}
