import { beforeAll, describe, expect, it } from 'vitest';
import { useAuthGraphql, type TestTokens } from '../support/auth.js';
import { mcp, unique } from '../support/runtime.js';

// The caller and its settings, as DataHub's web app and MCP server ask for them first (issue 37).

const { as, tokens, ingest } = useAuthGraphql();
let t: TestTokens;
beforeAll(() => {
  t = tokens();
});

const ME = `{ me {
  corpUser { urn type username exists
    editableInfo { displayName teams skills }
    settings { appearance { showSimplifiedHomepage showThemeV2 } views { defaultView { urn type } } locale { language } } }
  platformPrivileges { viewAnalytics managePolicies manageIdentities generatePersonalAccessTokens createDomains
    manageDomains manageGlossaries createTags manageTags manageTests viewTests manageGlobalViews manageSecrets
    manageStructuredProperties manageUserCredentials }
} }`;

describe('me', () => {
  it("answers the token's user, its settings and editable info as stored, and what its role may do", async () => {
    const view = `urn:li:dataHubView:${unique()}`;
    await ingest([
      mcp(t.actors.reader, 'corpUserSettings', {
        appearance: { showSimplifiedHomepage: true },
        views: { defaultView: view },
        locale: { language: 'fr' },
      }),
      mcp(t.actors.reader, 'corpUserEditableInfo', { displayName: 'Rea Der', teams: ['data'], skills: [] }),
    ]);
    const res = await as(t.reader).gql(ME);
    expect(res.errors).toBeUndefined();
    const me = res.data?.me;
    expect(me.corpUser).toEqual({
      urn: t.actors.reader,
      type: 'CORP_USER',
      username: t.actors.reader.split(':')[3],
      exists: true,
      editableInfo: { displayName: 'Rea Der', teams: ['data'], skills: [] },
      settings: {
        appearance: { showSimplifiedHomepage: true, showThemeV2: null },
        views: { defaultView: { urn: view, type: 'DATAHUB_VIEW' } },
        locale: { language: 'fr' },
      },
    });
    // A Reader reads, makes its own tokens and sees the tests; it changes nothing.
    expect(
      Object.entries(me.platformPrivileges)
        .filter(([, v]) => v)
        .map(([k]) => k),
    ).toEqual(['generatePersonalAccessTokens', 'viewTests']);
  });

  it('grants an Editor the metadata edits and an Admin all that neohub does (no analytics, no passwords)', async () => {
    const editor = (await as(t.editor).gql(ME)).data?.me;
    expect(editor.corpUser).toMatchObject({ urn: t.actors.editor, exists: false, settings: null });
    expect(editor.platformPrivileges).toMatchObject({
      createDomains: true,
      manageDomains: true,
      manageGlossaries: true,
      createTags: true,
      manageTags: true,
      manageTests: false,
      manageGlobalViews: false,
      manageSecrets: false,
      manageIdentities: false,
    });
    const admin = (await as(t.admin).gql(ME)).data?.me.platformPrivileges;
    const off = Object.entries(admin)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    expect(off).toEqual(['viewAnalytics', 'manageUserCredentials']);
  });
});

describe('globalViewsSettings', () => {
  it("answers the organisation's default View to every role, and nothing else of the global settings", async () => {
    const view = `urn:li:dataHubView:${unique()}`;
    await ingest([
      mcp('urn:li:globalSettings:0', 'globalSettingsInfo', {
        views: { defaultView: view },
        sso: {
          baseUrl: 'https://sso',
          oidcSettings: { enabled: true, clientId: 'c', clientSecret: 's3cret', discoveryUri: 'https://d' },
        },
      }),
    ]);
    for (const token of [t.reader, t.editor, t.admin]) {
      const res = await as(token).gql('{ globalViewsSettings { defaultView } }');
      expect(res).toEqual({ data: { globalViewsSettings: { defaultView: view } } });
    }
    // The settings entity itself stays an Admin's.
    const read = await as(t.reader).gql('{ entity(urn: "urn:li:globalSettings:0") { urn } }');
    expect(read.errors?.[0]?.extensions?.code).toBe(403);
  });
});

describe('appConfig', () => {
  it("answers what neohub does, to every role, as DataHub's web app and scripts read it", async () => {
    const res = await as(t.reader).gql(`{ appConfig {
      appVersion authConfig { tokenAuthEnabled allowNoExpiry allowedAccessTokenDurations }
      analyticsConfig { enabled } policiesConfig { enabled platformPrivileges { type } }
      lineageConfig { supportsImpactAnalysis } telemetryConfig { enableThirdPartyLogging }
      testsConfig { enabled } viewsConfig { enabled } searchBarConfig { apiVariant }
      featureFlags { nestedDomainsEnabled schemaFieldCLLEnabled metricsEnabled showBrowseV2 }
      semanticSearchConfig { enabled enabledEntities } visualConfig { appTitle } } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data?.appConfig).toEqual({
      appVersion: 'v1.4.0',
      authConfig: {
        tokenAuthEnabled: true,
        allowNoExpiry: true,
        allowedAccessTokenDurations: expect.arrayContaining(['ONE_HOUR', 'ONE_MONTH', 'NO_EXPIRY']),
      },
      analyticsConfig: { enabled: false },
      policiesConfig: { enabled: false, platformPrivileges: [] },
      lineageConfig: { supportsImpactAnalysis: true },
      telemetryConfig: { enableThirdPartyLogging: false },
      testsConfig: { enabled: true },
      viewsConfig: { enabled: false },
      searchBarConfig: { apiVariant: 'AUTOCOMPLETE_FOR_MULTIPLE' },
      featureFlags: {
        nestedDomainsEnabled: true,
        schemaFieldCLLEnabled: true,
        metricsEnabled: false,
        showBrowseV2: true,
      },
      semanticSearchConfig: { enabled: false, enabledEntities: [] },
      visualConfig: { appTitle: null },
    });
  });
});
