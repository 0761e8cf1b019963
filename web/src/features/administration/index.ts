/**
 * System administration: roles, workplaces, positions and the organisation's preferences. Other
 * areas name their own records with its required-name field.
 */
export { NameField, useRequiredName } from './NameDialog';
