/** DataHub's change events: what one version of an aspect changed, in categories users follow. */

export const CHANGE_CATEGORIES = [
  'TECHNICAL_SCHEMA',
  'DOCUMENTATION',
  'TAG',
  'GLOSSARY_TERM',
  'OWNER',
  'DOMAIN',
  'DEPRECATION',
  'LIFECYCLE',
  'STRUCTURED_PROPERTY',
  'APPLICATION',
  'ASSET_MEMBERSHIP',
  'VERSIONING',
] as const;
export type ChangeCategory = (typeof CHANGE_CATEGORIES)[number];

/** Other names DataHub's clients send for a category (the CLI sends OWNERSHIP). */
export const CATEGORY_ALIASES: Readonly<Record<string, ChangeCategory>> = { OWNERSHIP: 'OWNER' };

export type ChangeOperation =
  'ADD' | 'REMOVE' | 'MODIFY' | 'CREATE' | 'SOFT_DELETE' | 'REINSTATE' | 'HARD_DELETE';

/** How much a change matters to those who depend on the asset, in semantic-version terms. */
export const SEMVER_LEVELS = ['NONE', 'PATCH', 'MINOR', 'MAJOR'] as const;
export type SemVerChange = (typeof SEMVER_LEVELS)[number];

export interface ChangeEvent {
  readonly entityUrn: string;
  readonly category: ChangeCategory;
  readonly operation: ChangeOperation;
  /** What changed: a tag, term, owner, domain, property or schema-field URN, or a link's URL. */
  readonly modifier?: string;
  readonly parameters?: Readonly<Record<string, unknown>>;
  readonly semVerChange: SemVerChange;
  readonly description: string;
}

/** The larger of two levels. */
export const maxLevel = (a: SemVerChange, b: SemVerChange): SemVerChange =>
  SEMVER_LEVELS.indexOf(a) >= SEMVER_LEVELS.indexOf(b) ? a : b;
