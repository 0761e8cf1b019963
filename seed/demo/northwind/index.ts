import { addObligationRegister } from '../obligations';
import type { Org } from '../rows';
import { addNorthwindAssets, addNorthwindMaintenance } from './assets';
import { addNorthwindDashboards } from './dashboards';
import { everyFieldType, legacyHazardReport } from './everyFieldTemplate';
import { addNorthwindInductions } from './inductions';
import { addNorthwindNotices } from './notices';
import { addNorthwindOnlineTraining } from './onlineTraining';
import { addOrganisation } from './organisation';
import { addNorthwindPeople } from './people';
import {
  inductionRecord,
  performanceReview,
  toolboxTalk,
  visitorFeedback,
  wellbeingCheck,
} from './peopleTemplates';
import type { EmployeeOf, Northwind, NorthwindTemplates } from './refs';
import { addAuditsObligationsAndDocuments, addNorthwindRegisters } from './registers';
import { contractorForm, incidentReport, safetyAudit, siteInspection } from './safetyTemplates';
import { addNorthwindSubmissions } from './submissions';
import { addSupplierPortal } from './supplierPortal';

// ---------- Northwind Facilities ----------

/** The demo organisation, area by area; the order of the pieces is the order of the rows. */
export function buildNorthwind(o: Org): void {
  addOrganisation(o);
  const people = addNorthwindPeople(o);
  const registers = { ...addNorthwindRegisters(o), asset: addNorthwindAssets(o, people) };
  const n: Northwind = { ...people, ...registers, templates: addNorthwindTemplates(o, people.emp) };
  const submissions = addNorthwindSubmissions(o, n);
  addNorthwindNotices(o, people);
  const library = addAuditsObligationsAndDocuments(o, n);
  const training = addNorthwindOnlineTraining(o, people);
  addNorthwindDashboards(o, n, library, training);
  addObligationRegister(o, people.emp);
  addSupplierPortal(o, n, submissions);
  addNorthwindInductions(o, people);
  addNorthwindMaintenance(o, n);
}

/** Form templates: between them they use every field type. */
function addNorthwindTemplates(o: Org, emp: EmployeeOf): NorthwindTemplates {
  const incident = incidentReport(o, emp);
  const inspection = siteInspection(o, emp);
  const audit = safetyAudit(o, emp);
  const contractor = contractorForm(o);
  const review = performanceReview(o);
  const feedback = visitorFeedback(o);
  const toolbox = toolboxTalk(o, emp);
  const wellbeing = wellbeingCheck(o);
  const induction = inductionRecord(o);
  legacyHazardReport(o);
  everyFieldType(o, emp);
  return {
    incident,
    inspection,
    safetyAudit: audit,
    contractor,
    review,
    feedback,
    toolbox,
    wellbeing,
    induction,
  };
}
