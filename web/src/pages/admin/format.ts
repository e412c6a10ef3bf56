/** How the Admin page writes times: a day, or a day and a time (UTC, as the server records them). */
export const day = (ms?: number | null): string => (ms ? new Date(ms).toISOString().slice(0, 10) : 'never');
export const moment = (ms?: number | null): string =>
  ms ? new Date(ms).toISOString().replace('T', ' ').slice(0, 19) : '';

/** What a refused or failed call says, for the section's alert. */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
