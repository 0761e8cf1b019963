/** The form template screens, loaded with their area (router.tsx); the builder's own code with it. */
import '../../styles/templates.css';

export { TemplateBuilderPage } from './TemplateBuilderPage';
export { TemplatesPage } from './TemplatesPage';
