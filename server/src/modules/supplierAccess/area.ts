import type { Area, Platform } from '../../area';
import { supplierAccessRoutes } from './routes';
import { SupplierAccessService } from './service';

export const supplierAccessArea: Area<Pick<Platform, 'db' | 'storage'>> = {
  name: 'supplierAccess',
  register: async (api, { db, storage }) => {
    await api.register(supplierAccessRoutes, { supplierAccess: new SupplierAccessService(db, storage) });
  },
};
