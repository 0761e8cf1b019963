export { documentsArea } from './area';
export { canManage, findDocument, mayCompleteAction, ownWorkItem } from './policy';
