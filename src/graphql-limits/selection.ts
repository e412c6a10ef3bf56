import { Kind, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

/**
 * Whether a selection set selects a field of this name, directly or through its inline fragments and
 * fragment spreads (each fragment looked at once): what the cost of a field and its resolver both ask of
 * the parts of an answer that cost work (a search's `facets`).
 */
export function selectsField(
  set: SelectionSetNode | undefined,
  name: string,
  fragment: (name: string) => FragmentDefinitionNode | undefined,
  seen = new Set<string>(),
): boolean {
  if (!set) return false;
  return set.selections.some((sel) => {
    if (sel.kind === Kind.FIELD) return sel.name.value === name;
    if (sel.kind === Kind.INLINE_FRAGMENT) return selectsField(sel.selectionSet, name, fragment, seen);
    if (seen.has(sel.name.value)) return false;
    seen.add(sel.name.value);
    return selectsField(fragment(sel.name.value)?.selectionSet, name, fragment, seen);
  });
}
