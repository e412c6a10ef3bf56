import { redactSetting, REDACTED } from '../auth/index.js';
import { configProperties, type Config } from '../config.js';
import type { HealthService } from './health-service.js';

export type ComponentStatus = 'AVAILABLE' | 'UNAVAILABLE' | 'ERROR';

/** One component as DataHub's system information describes it. */
export interface ComponentInfo {
  readonly name: string;
  readonly status: ComponentStatus;
  readonly version: string;
  readonly properties: Record<string, unknown>;
}

export interface SpringComponentsInfo {
  readonly gms: ComponentInfo;
  readonly maeConsumer: ComponentInfo;
  readonly mceConsumer: ComponentInfo;
}

export interface PropertyInfo {
  readonly key: string;
  readonly value?: string;
  readonly source: string;
  readonly sourceType: string;
  readonly resolvedValue?: string;
}

export interface SystemPropertiesInfo {
  readonly properties: Record<string, PropertyInfo>;
  readonly propertySources: { name: string; type: string; propertyCount: number }[];
  readonly totalProperties: number;
  readonly redactedProperties: number;
}

/** Where a setting came from, as DataHub names its property sources. */
const ENVIRONMENT = { name: 'systemEnvironment', type: 'SystemEnvironmentPropertySource' };
const DEFAULTS = { name: 'neohubDefaults', type: 'DefaultValues' };

/**
 * DataHub's system information (`/openapi/v1/system-info`): the service's settings (every variable of
 * `src/config.ts`, where it came from, its value through `redactSetting`, so that no secret is shown,
 * to Admins neither) and its components in DataHub's terms: GMS (this service), the MAE consumer (the
 * change-log followers: the search sync) and the MCE consumer (writes are applied by the request itself).
 */
export class SystemInfoService {
  constructor(
    private readonly config: Config,
    private readonly health: HealthService,
  ) {}

  /** Every setting with where it came from (redacted where secret), sorted by name. */
  properties(): SystemPropertiesInfo {
    const properties: Record<string, PropertyInfo> = {};
    let redacted = 0;
    let fromEnv = 0;
    for (const p of configProperties(this.config)) {
      const value = redactSetting(p.key, p.value);
      if (value === REDACTED) redacted++;
      if (p.fromEnvironment) fromEnv++;
      const source = p.fromEnvironment ? ENVIRONMENT : DEFAULTS;
      properties[p.key] = {
        key: p.key,
        ...(value === null ? {} : { value }),
        source: source.name,
        sourceType: source.type,
        ...(value === null ? {} : { resolvedValue: value }),
      };
    }
    const total = Object.keys(properties).length;
    return {
      properties,
      propertySources: [
        { ...ENVIRONMENT, propertyCount: fromEnv },
        { ...DEFAULTS, propertyCount: total - fromEnv },
      ],
      totalProperties: total,
      redactedProperties: redacted,
    };
  }

  /** The settings as a plain map of name to value (redacted where secret; null when unset). */
  simpleProperties(): Record<string, string | null> {
    return Object.fromEntries(
      configProperties(this.config).map((p) => [p.key, redactSetting(p.key, p.value)]),
    );
  }

  /** The components: this service (its status from the graph store), the MAE and MCE consumers. */
  async springComponents(): Promise<SpringComponentsInfo> {
    const report = await this.health.check();
    const version = this.config.reportedVersion;
    const up = (ok: boolean): ComponentStatus => (ok ? 'AVAILABLE' : 'UNAVAILABLE');
    return {
      gms: {
        name: 'GMS',
        status: up(report.graphStore === 'up'),
        version,
        properties: this.simpleProperties(),
      },
      maeConsumer: {
        name: 'MAE Consumer',
        status: up(report.searchIndex === 'up'),
        version,
        properties: {
          deployment: this.config.searchSync ? 'embedded' : 'separate',
          mode: this.config.searchSyncThread ? 'thread' : 'request thread',
          note: 'the search sync follows the change log into the search index',
        },
      },
      mceConsumer: {
        name: 'MCE Consumer',
        status: up(report.graphStore === 'up'),
        version,
        properties: {
          deployment: 'embedded',
          mode: 'synchronous',
          note: 'proposals are written by the request that carries them',
        },
      },
    };
  }
}

/** DataHub's throttle types; neohub has the manual one only (it has no consumer lag to throttle on). */
export type ThrottleType = 'MANUAL';

/** DataHub's throttle events as its throttle API shows them: `{[activeTypes]: {activeThrottles...}}`. */
export type ThrottleEvents = Record<
  string,
  {
    readonly activeThrottles: ThrottleType[];
    readonly disabledThrottles: ThrottleType[];
    readonly throttled: boolean;
  }
>;

/**
 * DataHub's manual API-requests throttle (`/openapi/operations/throttle/requests`): while it is on,
 * API writes from anything but a browser answer 429 (`src/http`'s check), as DataHub's do. Per process:
 * each neohub process has its own switch.
 */
export class ThrottleService {
  private manual = false;

  /** Whether API writes are held back now. */
  get active(): boolean {
    return this.manual;
  }

  /** The active throttles, DataHub's shape: `{}` when none. */
  events(): ThrottleEvents {
    return this.manual
      ? { '[MANUAL]': { activeThrottles: ['MANUAL'], disabledThrottles: [], throttled: true } }
      : {};
  }

  /** Turns the manual throttle on or off; answers the throttles then. */
  setManual(enabled: boolean): ThrottleEvents {
    this.manual = enabled;
    return this.events();
  }
}
