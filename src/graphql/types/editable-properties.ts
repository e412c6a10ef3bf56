import { aspectFields } from './aspect-fields.js';
import type { EntityClass } from './entity-classes.js';
import type { EntityType } from './entity-type.js';
import { fields, opt, TableObjectType } from './field-table.js';

/**
 * The kinds whose people write a description over the ingested one, and DataHub's type of it: the kind's
 * `editable<Kind>Properties` aspect, as stored (`description`). One entry a kind.
 */
const EDITABLE: Readonly<Partial<Record<EntityType, readonly [typeName: string, aspect: string]>>> = {
  DATA_FLOW: ['DataFlowEditableProperties', 'editableDataFlowProperties'],
  DATA_JOB: ['DataJobEditableProperties', 'editableDataJobProperties'],
  CONTAINER: ['ContainerEditableProperties', 'editableContainerProperties'],
  MLMODEL: ['MLModelEditableProperties', 'editableMlModelProperties'],
  MLMODEL_GROUP: ['MLModelGroupEditableProperties', 'editableMlModelGroupProperties'],
  MLFEATURE: ['MLFeatureEditableProperties', 'editableMlFeatureProperties'],
  MLFEATURE_TABLE: ['MLFeatureTableEditableProperties', 'editableMlFeatureTableProperties'],
  MLPRIMARY_KEY: ['MLPrimaryKeyEditableProperties', 'editableMlPrimaryKeyProperties'],
};

/** Declares `editableProperties` on the classes of the kinds of EDITABLE. */
export function showEditableProperties(classes: Partial<Record<EntityType, EntityClass>>): void {
  for (const [type, [typeName, aspect]] of Object.entries(EDITABLE) as [EntityType, [string, string]][]) {
    const cls = classes[type];
    if (!cls) throw new Error(`No GraphQL class for ${type}`);
    const Editable = class extends fields({ description: opt(String) }) {};
    Object.defineProperty(Editable, 'name', { value: typeName });
    TableObjectType()(Editable);
    aspectFields(cls, { editableProperties: { type: Editable, aspect, read: (_, v) => v } });
  }
}
