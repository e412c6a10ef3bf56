/** What a search result asks of its siblings (the `siblings` aspect: a dbt model and its warehouse table). */
export const SIBLING_FIELDS = `... on Dataset { siblings { isPrimary siblings {
  urn type ... on Dataset { name platform { name properties { displayName } } properties { name description } editableProperties { description } }
} } }`;

interface WithSiblings {
  readonly urn: string;
  readonly siblings?: {
    readonly isPrimary?: boolean | null;
    readonly siblings?: readonly ({ readonly urn: string } | null)[] | null;
  } | null;
}
type SiblingOf<E extends WithSiblings> = NonNullable<
  NonNullable<NonNullable<E['siblings']>['siblings']>[number]
>;

/** One result shown for a sibling group: the entity found, and its group (the primary first; empty: none). */
export interface Combined<T extends { entity: WithSiblings }> {
  readonly result: T;
  readonly group: readonly (T['entity'] | SiblingOf<T['entity']>)[];
}

/**
 * A page of search results with each sibling group shown once, as DataHub's web client shows them
 * (its search answers every entity): a result whose entity an earlier result named as its sibling is
 * left out, and the one shown carries its group (the primary first) for its platforms and description.
 */
export function combineSiblings<T extends { entity: WithSiblings }>(results: readonly T[]): Combined<T>[] {
  const seen = new Set<string>();
  const out: Combined<T>[] = [];
  for (const result of results) {
    const { entity } = result;
    if (seen.has(entity.urn)) continue;
    seen.add(entity.urn);
    const others = (entity.siblings?.siblings ?? []).filter((s): s is SiblingOf<T['entity']> => !!s?.urn);
    for (const s of others) seen.add(s.urn);
    const group = !others.length
      ? []
      : entity.siblings?.isPrimary
        ? [entity, ...others]
        : [...others, entity];
    out.push({ result, group });
  }
  return out;
}
