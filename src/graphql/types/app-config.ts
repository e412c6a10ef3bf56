import { Int } from 'type-graphql';
import { DURATIONS } from '../../auth/index.js';
import { stringEnum } from './enums.js';
import { EntityType } from './entity-type.js';
import { fields, opt, optional, req, required, TableObjectType } from './field-table.js';

/*
 * DataHub's AppConfig, the configuration its web app and scripts read first: truthful, each value what
 * neohub does (no analytics, policies, managed ingestion or views yet; metadata tests, nested domains,
 * column-level lineage, structured properties and documents, yes). Records are served as written here.
 */

@TableObjectType()
export class AuthConfig extends fields({
  ...required(Boolean, 'tokenAuthEnabled', 'allowNoExpiry'),
  allowedAccessTokenDurations: req([String]),
}) {}

const enabled = () => fields({ enabled: req(Boolean) });
@TableObjectType()
export class AnalyticsConfig extends enabled() {}
@TableObjectType()
export class IdentityManagementConfig extends enabled() {}
@TableObjectType()
export class ManagedIngestionConfig extends enabled() {}
@TableObjectType()
export class TestsConfig extends enabled() {}
@TableObjectType()
export class ViewsConfig extends enabled() {}

@TableObjectType()
export class Privilege extends fields({
  type: req(String),
  ...optional(String, 'displayName', 'description'),
}) {}

@TableObjectType()
export class ResourcePrivileges extends fields({
  resourceType: req(String),
  resourceTypeDisplayName: opt(String),
  entityType: opt(EntityType),
  privileges: req([Privilege]),
}) {}

@TableObjectType()
export class PoliciesConfig extends fields({
  enabled: req(Boolean),
  platformPrivileges: req([Privilege]),
  resourcePrivileges: req([ResourcePrivileges]),
}) {}

@TableObjectType()
export class LineageConfig extends fields({ supportsImpactAnalysis: req(Boolean) }) {}

@TableObjectType()
export class QueriesTabConfig extends fields({ queriesTabResultSize: opt(Int) }) {}
@TableObjectType()
export class EntityProfileConfig extends fields({ defaultTab: opt(String) }) {}
@TableObjectType()
export class EntityProfilesConfig extends fields({ domain: opt(EntityProfileConfig) }) {}
@TableObjectType()
export class SearchResultsVisualConfig extends fields({ enableNameHighlight: opt(Boolean) }) {}
@TableObjectType()
export class ThemeConfig extends fields({ themeId: opt(String) }) {}
@TableObjectType()
export class ApplicationConfig extends fields(
  optional(Boolean, 'showSidebarSectionWhenEmpty', 'showApplicationInNavigation'),
) {}

@TableObjectType()
export class VisualConfig extends fields({
  ...optional(String, 'logoUrl', 'faviconUrl', 'appTitle'),
  hideGlossary: opt(Boolean),
  queriesTab: opt(QueriesTabConfig),
  entityProfiles: opt(EntityProfilesConfig),
  searchResult: opt(SearchResultsVisualConfig),
  showFullTitleInLineage: opt(Boolean),
  theme: opt(ThemeConfig),
  application: opt(ApplicationConfig),
}) {}

@TableObjectType()
export class TelemetryConfig extends fields({ enableThirdPartyLogging: opt(Boolean) }) {}

export const SearchBarAPI = stringEnum('SearchBarAPI', [
  'AUTOCOMPLETE_FOR_MULTIPLE',
  'SEARCH_ACROSS_ENTITIES',
] as const);
@TableObjectType()
export class SearchBarConfig extends fields({ apiVariant: req(SearchBarAPI) }) {}
@TableObjectType()
export class SearchCardConfig extends fields({ showDescription: req(Boolean) }) {}
@TableObjectType()
export class SearchFlagsConfig extends fields({ defaultSkipHighlighting: req(Boolean) }) {}

/** DataHub's feature flags: on where neohub has the feature its web app would show. */
const FEATURE_FLAGS = {
  readOnlyModeEnabled: false,
  showSearchFiltersV2: true,
  showBrowseV2: true,
  platformBrowseV2: false,
  showAcrylInfo: false,
  erModelRelationshipFeatureEnabled: false,
  showAccessManagement: false,
  nestedDomainsEnabled: true,
  businessAttributeEntityEnabled: false,
  dataContractsEnabled: false,
  editableDatasetNameEnabled: true,
  themeV2Enabled: false,
  themeV2Default: false,
  themeV2Toggleable: false,
  schemaFieldCLLEnabled: true,
  showSeparateSiblings: false,
  showManageStructuredProperties: true,
  hideDbtSourceInLineage: false,
  schemaFieldLineageIgnoreStatus: false,
  showNavBarRedesign: false,
  showAutoCompleteResults: true,
  entityVersioningEnabled: false,
  showHasSiblingsFilter: false,
  showSearchBarAutocompleteRedesign: false,
  showManageTags: true,
  showIntroducePage: false,
  showIngestionPageRedesign: false,
  showLineageExpandMore: false,
  showStatsTabRedesign: false,
  showLineageFilterNodes: false,
  showHomePageRedesign: false,
  showProductUpdates: false,
  logicalModelsEnabled: false,
  showHomepageUserRole: false,
  showDefaultExternalLinks: false,
  assetSummaryPageV1: false,
  datasetSummaryPageV1: false,
  metricsEnabled: false,
  ingestionOnboardingRedesignV1: false,
  documentationFileUploadV1: false,
  multipleDataProductsPerAsset: false,
  glossaryBasedPoliciesEnabled: false,
  contextDocumentsEnabled: true,
  hideLineageInSearchCards: false,
  dataProductLineageEnabled: false,
  showTestsInHealthIcon: false,
  i18nEnabled: false,
  browserTracingEnabled: false,
  browserWebVitalsEnabled: false,
} as const;

@TableObjectType()
export class FeatureFlagsConfig extends fields(
  required(Boolean, ...(Object.keys(FEATURE_FLAGS) as (keyof typeof FEATURE_FLAGS)[])),
) {}

@TableObjectType()
export class ChromeExtensionConfig extends fields(required(Boolean, 'enabled', 'lineageEnabled')) {}

export const PersonalSidebarSection = stringEnum('PersonalSidebarSection', [
  'YOUR_GROUPS',
  'YOUR_ASSETS',
  'YOUR_DOMAINS',
  'YOUR_GLOSSARY_NODES',
  'YOUR_TAGS',
] as const);
@TableObjectType()
export class HomePageConfig extends fields({ firstInPersonalSidebar: req(PersonalSidebarSection) }) {}

@TableObjectType()
export class SemanticSearchConfig extends fields({
  enabled: req(Boolean),
  enabledEntities: req([String]),
}) {}

@TableObjectType()
export class AppConfig extends fields({
  appVersion: opt(String),
  authConfig: req(AuthConfig),
  analyticsConfig: req(AnalyticsConfig),
  policiesConfig: req(PoliciesConfig),
  identityManagementConfig: req(IdentityManagementConfig),
  managedIngestionConfig: req(ManagedIngestionConfig),
  lineageConfig: req(LineageConfig),
  visualConfig: req(VisualConfig),
  telemetryConfig: req(TelemetryConfig),
  testsConfig: req(TestsConfig),
  viewsConfig: req(ViewsConfig),
  searchBarConfig: req(SearchBarConfig),
  searchCardConfig: req(SearchCardConfig),
  searchFlagsConfig: req(SearchFlagsConfig),
  featureFlags: req(FeatureFlagsConfig),
  chromeExtensionConfig: req(ChromeExtensionConfig),
  homePageConfig: req(HomePageConfig),
  semanticSearchConfig: opt(SemanticSearchConfig),
}) {}

/** The app configuration of a neohub: its reported version, whether tokens are checked. */
export const appConfig = (o: { version: string; auth: boolean }): AppConfig =>
  ({
    appVersion: o.version,
    authConfig: {
      tokenAuthEnabled: o.auth,
      allowNoExpiry: Object.hasOwn(DURATIONS, 'NO_EXPIRY'),
      allowedAccessTokenDurations: Object.keys(DURATIONS),
    },
    analyticsConfig: { enabled: false },
    policiesConfig: { enabled: false, platformPrivileges: [], resourcePrivileges: [] },
    identityManagementConfig: { enabled: false },
    managedIngestionConfig: { enabled: false },
    lineageConfig: { supportsImpactAnalysis: true },
    visualConfig: {},
    telemetryConfig: { enableThirdPartyLogging: false },
    testsConfig: { enabled: true },
    viewsConfig: { enabled: false },
    searchBarConfig: { apiVariant: 'AUTOCOMPLETE_FOR_MULTIPLE' },
    searchCardConfig: { showDescription: true },
    searchFlagsConfig: { defaultSkipHighlighting: false },
    featureFlags: FEATURE_FLAGS,
    chromeExtensionConfig: { enabled: false, lineageEnabled: false },
    homePageConfig: { firstInPersonalSidebar: 'YOUR_ASSETS' },
    semanticSearchConfig: { enabled: false, enabledEntities: [] },
  }) as unknown as AppConfig;
