export { CompliancePanel } from './CompliancePanel';
