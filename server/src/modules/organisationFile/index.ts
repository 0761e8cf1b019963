export { templateFileOf, templateRows } from './templates';
export { assetNumberLock, nextAssetNumber } from './importRegisters';
