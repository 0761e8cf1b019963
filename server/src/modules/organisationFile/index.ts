export { templateFileOf, templateRows } from './templates';
export { assetNumberLock, nextAssetNumber } from './importRegisters';
export { exportOrganisation } from './exporter';
export {
  formatOrganisationFile,
  organisationFileJsonSchema,
  parseOrganisationFile,
  readOrganisationFile,
} from './files';
export { OrganisationImporter } from './importer';
export { ImportRefused } from './importProblems';
export type { ImportCounts } from './importRun';
