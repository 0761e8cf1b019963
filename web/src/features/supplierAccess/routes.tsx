/** A supplier company's own pages: Access Settings and its Profile (router.tsx). */
export { AccessSettingsPage } from './AccessSettingsPage';
export { SupplierProfilePage } from './SupplierProfilePage';
