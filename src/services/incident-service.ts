import { randomUUID } from 'node:crypto';
import { BadRequestError } from '../errors/index.js';
import { EditBase } from './edit-base.js';
import type { WriteContext } from './proposal.js';

/** DataHub's incident priorities, the model keeping each as a number (0 the most urgent). */
export const INCIDENT_PRIORITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;

/** An incident as DataHub's `raiseIncident` takes it. */
export interface NewIncident {
  readonly id?: string | null;
  readonly type: string;
  readonly customType?: string | null;
  readonly title?: string | null;
  readonly description?: string | null;
  readonly resourceUrn?: string | null;
  readonly resourceUrns?: readonly string[] | null;
  readonly startedAt?: number | null;
  readonly status?: IncidentStatusChange | null;
  readonly priority?: (typeof INCIDENT_PRIORITIES)[number] | null;
  readonly assigneeUrns?: readonly string[] | null;
}

export interface IncidentStatusChange {
  readonly state: string;
  readonly stage?: string | null;
  readonly message?: string | null;
}

/**
 * Incidents as DataHub's GraphQL raises and resolves them: an `incident` entity (`incidentInfo`) on the
 * assets it names, raised by hand (source MANUAL), its status changed with who changed it and when.
 */
export class IncidentService extends EditBase {
  /** A new incident on existing assets (`resourceUrn` and `resourceUrns` together): its URN. */
  async raise(i: NewIncident, ctx: WriteContext): Promise<string> {
    const named = [...(i.resourceUrn ? [i.resourceUrn] : []), ...(i.resourceUrns ?? [])];
    if (!named.length) throw new BadRequestError('An incident needs resourceUrn or resourceUrns');
    if (i.type === 'CUSTOM' && !i.customType?.trim())
      throw new BadRequestError('An incident of type CUSTOM needs a customType');
    const entities = [...new Set(await this.requireEntities(named, []))];
    const assignees = [...new Set(i.assigneeUrns ?? [])];
    if (assignees.length) this.checkUrns(assignees, 'corpuser', 'corpGroup');
    const id = i.id?.trim() || randomUUID();
    const urn = this.registry.parseEntityUrn(`urn:li:incident:${id}`).parsed.urn;
    const [existing] = await this.reads.entities([urn]);
    if (Object.keys(existing?.aspects ?? {}).length)
      throw new BadRequestError(`Incident ${urn} already exists`);
    const stamp = this.stamp(ctx);
    const info = {
      type: i.type,
      ...(i.customType ? { customType: i.customType } : {}),
      ...(i.title ? { title: i.title } : {}),
      ...(i.description ? { description: i.description } : {}),
      entities,
      ...(i.priority ? { priority: INCIDENT_PRIORITIES.indexOf(i.priority) } : {}),
      ...(assignees.length ? { assignees: assignees.map((actor) => ({ actor, assignedAt: stamp })) } : {}),
      status: this.status(i.status ?? { state: 'ACTIVE' }, ctx),
      source: { type: 'MANUAL' },
      ...(i.startedAt ? { startedAt: i.startedAt } : {}),
      created: stamp,
    };
    await this.ingest.ingest(
      [{ entityUrn: urn, changeType: 'CREATE_ENTITY', aspectName: 'incidentInfo', aspect: { value: info } }],
      ctx,
    );
    return urn;
  }

  /** An incident's state (ACTIVE, RESOLVED), its stage and message, stamped with who set them. */
  async updateStatus(urn: string, change: IncidentStatusChange, ctx: WriteContext): Promise<void> {
    this.checkUrns([urn], 'incident');
    const [incident] = (await this.requireEntities([urn], ['incidentInfo'])) as [string];
    if (!(await this.aspectOf(incident, 'incidentInfo')))
      throw new BadRequestError(`Incident ${incident} has no incidentInfo`);
    await this.ingest.ingest(
      [this.modify(incident, 'incidentInfo', (cur) => ({ ...cur, status: this.status(change, ctx) }))],
      ctx,
    );
  }

  private status(s: IncidentStatusChange, ctx: WriteContext) {
    return {
      state: s.state,
      ...(s.stage ? { stage: s.stage } : {}),
      ...(s.message ? { message: s.message } : {}),
      lastUpdated: this.stamp(ctx),
    };
  }
}
