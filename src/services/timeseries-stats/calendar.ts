import { BadRequestError } from '../../errors/index.js';

/** DataHub's `CalendarInterval`: the units of a date grouping bucket. */
export const CALENDAR_INTERVALS = [
  'SECOND',
  'MINUTE',
  'HOUR',
  'DAY',
  'WEEK',
  'MONTH',
  'QUARTER',
  'YEAR',
] as const;
export type CalendarInterval = (typeof CALENDAR_INTERVALS)[number];

/** The units DataHub's aggregations group by (its date histogram has no SECOND). */
const GROUPABLE: ReadonlySet<string> = new Set(['MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR']);

/**
 * Units whose empty buckets between the first and the last document are answered (DataHub asks its
 * index for them from a day up; finer units only where documents are).
 */
export const FILLS_EMPTY: ReadonlySet<CalendarInterval> = new Set([
  'DAY',
  'WEEK',
  'MONTH',
  'QUARTER',
  'YEAR',
]);

/** A wall-clock time of a zone, as the fields of a UTC date (month 0-based). */
interface Wall {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Zones given as a fixed offset from UTC (`+05:30`, `GMT-3`), in milliseconds. */
const offsets = new Map<string, number>();
const OFFSET = /^(?:GMT|UTC)?([+-])(\d{1,2})(?::?(\d{2}))?$/;

/**
 * The zone a date grouping uses: `GMT` when none is given or the name is unknown (as DataHub falls back,
 * logging the bad name), else a fixed offset (`+05:30`) or an IANA zone the platform knows.
 */
export function zoneOf(name: string | undefined): string {
  if (!name || name === 'GMT' || name === 'UTC' || name === 'Z') return 'UTC';
  if (formatters.has(name) || offsets.has(name)) return name;
  const fixed = OFFSET.exec(name);
  if (fixed) {
    const minutes = Number(fixed[2]) * 60 + Number(fixed[3] ?? 0);
    if (minutes > 18 * 60) return 'UTC';
    offsets.set(name, (fixed[1] === '-' ? -1 : 1) * minutes * 60_000);
    return name;
  }
  try {
    formatters.set(
      name,
      new Intl.DateTimeFormat('en-US', {
        timeZone: name,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
    );
    return name;
  } catch {
    return 'UTC';
  }
}

function wallOf(t: number, zone: string): Wall {
  const fixed = zone === 'UTC' ? 0 : offsets.get(zone);
  if (fixed !== undefined) {
    const d = new Date(t + fixed);
    return {
      y: d.getUTCFullYear(),
      mo: d.getUTCMonth(),
      d: d.getUTCDate(),
      h: d.getUTCHours(),
      mi: d.getUTCMinutes(),
      s: d.getUTCSeconds(),
    };
  }
  const parts = Object.fromEntries(
    (formatters.get(zone) as Intl.DateTimeFormat).formatToParts(t).map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return {
    y: parts.year ?? 1970,
    mo: (parts.month ?? 1) - 1,
    d: parts.day ?? 1,
    h: parts.hour ?? 0,
    mi: parts.minute ?? 0,
    s: parts.second ?? 0,
  };
}

const utcOfWall = (w: Wall): number => Date.UTC(w.y, w.mo, w.d, w.h, w.mi, w.s);

/** The instant a wall-clock time of a zone names (the earlier one where clocks go back). */
function instantOf(w: Wall, zone: string): number {
  const asUtc = utcOfWall(w);
  const fixed = zone === 'UTC' ? 0 : offsets.get(zone);
  if (fixed !== undefined) return asUtc - fixed;
  const offset = (t: number): number => utcOfWall(wallOf(t, zone)) - Math.floor(t / 1000) * 1000;
  let t = asUtc - offset(asUtc);
  t = asUtc - offset(t);
  return t;
}

/** The start of the calendar interval holding `t` in a zone (weeks start on Monday). */
export function bucketStart(t: number, unit: CalendarInterval, zone: string): number {
  const w = wallOf(t, zone);
  switch (unit) {
    case 'SECOND':
      break;
    case 'MINUTE':
      w.s = 0;
      break;
    case 'HOUR':
      w.mi = w.s = 0;
      break;
    case 'DAY':
      w.h = w.mi = w.s = 0;
      break;
    case 'WEEK': {
      const weekday = (new Date(Date.UTC(w.y, w.mo, w.d)).getUTCDay() + 6) % 7;
      w.d -= weekday;
      w.h = w.mi = w.s = 0;
      break;
    }
    case 'MONTH':
      w.d = 1;
      w.h = w.mi = w.s = 0;
      break;
    case 'QUARTER':
      w.mo -= w.mo % 3;
      w.d = 1;
      w.h = w.mi = w.s = 0;
      break;
    case 'YEAR':
      w.mo = 0;
      w.d = 1;
      w.h = w.mi = w.s = 0;
      break;
  }
  return instantOf(w, zone);
}

/** The start of the interval after the one starting at `start`. */
export function nextBucket(start: number, unit: CalendarInterval, zone: string): number {
  const w = wallOf(start, zone);
  switch (unit) {
    case 'SECOND':
      return start + 1000;
    case 'MINUTE':
      return start + 60_000;
    case 'HOUR':
      return start + 3_600_000;
    case 'DAY':
      w.d += 1;
      break;
    case 'WEEK':
      w.d += 7;
      break;
    case 'MONTH':
      w.mo += 1;
      w.d = 1;
      break;
    case 'QUARTER':
      w.mo += 3;
      w.d = 1;
      break;
    case 'YEAR':
      w.y += 1;
      w.d = 1;
      break;
  }
  return instantOf(w, zone);
}

/** A grouping's unit, checked: DataHub's date histogram groups by one calendar unit at a time. */
export function groupingUnit(size: unknown): CalendarInterval {
  const s = size && typeof size === 'object' ? (size as Record<string, unknown>) : undefined;
  if (!s) throw new BadRequestError('A DATE_GROUPING_BUCKET needs a timeWindowSize');
  const unit = s.unit;
  if (typeof unit !== 'string' || !(CALENDAR_INTERVALS as readonly string[]).includes(unit))
    throw new BadRequestError(
      `timeWindowSize.unit must be one of ${CALENDAR_INTERVALS.join(', ')}, not ${JSON.stringify(unit)}`,
    );
  if (!GROUPABLE.has(unit))
    throw new BadRequestError(`Unknown date grouping bucket time window size unit: ${unit}`);
  const multiple = s.multiple ?? 1;
  if (multiple !== 1)
    throw new BadRequestError(
      `timeWindowSize.multiple must be 1: a calendar interval is one ${unit.toLowerCase()}, not ${JSON.stringify(multiple)}`,
    );
  return unit as CalendarInterval;
}
