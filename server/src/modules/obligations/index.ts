export { obligationsArea } from './area';
export { findObligation, obligationVisible } from './policy';
