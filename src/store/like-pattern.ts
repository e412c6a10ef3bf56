/**
 * `%` (any run) and `_` (any one character) of SQL LIKE, as an anchored regular expression for Neo4j
 * (Java's regex engine) that matches in time linear in the URN's length, however many `%` there are:
 * the pieces between `%` are found in order, each at its first place after the last one, inside an
 * atomic group that is never re-entered (the greedy rule, which is exact for `%`-patterns), and the
 * last piece at the end. A plain `.*` per `%` would backtrack through every split of the URN.
 */
export function likeToRegex(like: string): string {
  const piece = (p: string): string => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/_/g, '.');
  const pieces = like.split(/%+/).map(piece);
  if (pieces.length === 1) return `(?s)^${pieces[0]}$`;
  const first = pieces[0] as string;
  const last = pieces[pieces.length - 1] as string;
  const middle = pieces.slice(1, -1).filter((p) => p !== '');
  return `(?s)^${first}${middle.map((p) => `(?>.*?${p})`).join('')}.*${last}$`;
}
