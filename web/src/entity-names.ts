/**
 * What the pages show of any entity: its name, kind and platform, from the fields each kind has. The
 * GraphQL fragment below asks them of every kind the app shows; what a kind lacks is null.
 */
export interface EntitySummary {
  urn: string;
  type: string;
  name?: string | null;
  username?: string | null;
  hierarchicalName?: string | null;
  platform?: { name: string; properties?: { displayName?: string | null } | null } | null;
  properties?: { name?: string | null; description?: string | null } | null;
  editableProperties?: { description?: string | null } | null;
}

export const SUMMARY_FIELDS = `
  urn
  type
  ... on Dataset { name platform { name properties { displayName } } properties { name description } editableProperties { description } }
  ... on Chart { platform { name properties { displayName } } properties { name description } editableProperties { description } }
  ... on Dashboard { platform { name properties { displayName } } properties { name description } editableProperties { description } }
  ... on Container { platform { name properties { displayName } } properties { name description } editableProperties { description } }
  ... on DataJob { properties { name description } editableProperties { description } }
  ... on DataFlow { platform { name properties { displayName } } properties { name description } editableProperties { description } }
  ... on MLModel { name platform { name properties { displayName } } properties { description } editableProperties { description } }
  ... on GlossaryTerm { hierarchicalName properties { name description } }
  ... on Tag { properties { name description } }
  ... on Domain { properties { name description } }
  ... on CorpUser { username properties { displayName } }
`;

export function displayName(e: EntitySummary): string {
  const named =
    e.properties?.name ??
    (e.properties as { displayName?: string | null } | null | undefined)?.displayName ??
    e.name ??
    e.username ??
    e.hierarchicalName;
  return named || e.urn.split(':').slice(3).join(':') || e.urn;
}

export const description = (e: EntitySummary): string =>
  e.editableProperties?.description ?? e.properties?.description ?? '';

export const platformName = (e: EntitySummary): string | undefined =>
  e.platform ? (e.platform.properties?.displayName ?? e.platform.name) : undefined;

/** DataHub's entity type (`DATASET`, `ML_MODEL`) as words. */
export const kindName = (type: string): string =>
  type
    .toLowerCase()
    .split('_')
    .map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');
