import { ADMINISTERED_ENTITIES, type AdministeredEntity } from '@compass/shared';
import { sql, uuid, type Sql } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';

/** The entities whose id is the organisation's own: the caller's organisation only. */
const OF_THE_ORGANISATION = ['organisation', 'notifications'] as const;
type OfTheOrganisation = (typeof OF_THE_ORGANISATION)[number];
const ofTheOrganisation = (entityType: AdministeredEntity): entityType is OfTheOrganisation =>
  (OF_THE_ORGANISATION as readonly string[]).includes(entityType);

/** The table of each administered record of its own. */
const TABLES: Record<Exclude<AdministeredEntity, OfTheOrganisation>, Sql> = {
  workplace: sql`"Workplace"`,
  branch: sql`"Branch"`,
  role: sql`"Role"`,
  position: sql`"Position"`,
  employee: sql`"Employee"`,
  supplierCompany: sql`"SupplierCompany"`,
  personnel: sql`"Personnel"`,
  notice: sql`"Notice"`,
  formTemplate: sql`"FormTemplate"`,
  obligation: sql`"Obligation"`,
  risk: sql`"Risk"`,
  hazardousSubstance: sql`"HazardousSubstance"`,
  document: sql`"Document"`,
  competency: sql`"Competency"`,
  competencyRecord: sql`"CompetencyRecord"`,
  trainingCourse: sql`"TrainingCourse"`,
  apiToken: sql`"ApiToken"`,
  webhook: sql`"WebhookSubscription"`,
};

/** Whether the caller reads the log of this kind of record: it holds the key of the screen that administers it. */
export const readsLogOf = (auth: AuthContext, entityType: AdministeredEntity): boolean =>
  auth.accessKeys.has(ADMINISTERED_ENTITIES[entityType]);

/** Whether the record is of the caller's organisation, as a boolean of SQL: another's is not found. */
export function ofCallersOrganisationSql(
  auth: AuthContext,
  entityType: AdministeredEntity,
  entityId: string,
): Sql {
  return ofTheOrganisation(entityType)
    ? sql`${entityId === auth.companyId}::boolean`
    : sql`EXISTS (SELECT 1 FROM ${TABLES[entityType]} r WHERE r.id = ${uuid(entityId)} AND r."companyId" = ${uuid(auth.companyId)})`;
}
