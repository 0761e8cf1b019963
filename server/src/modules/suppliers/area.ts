import type { Area, Platform } from '../../area';
import type { Invitations } from '../password';
import { supplierRoutes } from './routes';
import { SupplierAdminService } from './service';

export const suppliersArea: Area<Pick<Platform, 'db' | 'reader'> & { invitations: Invitations }> = {
  name: 'suppliers',
  register: async (api, { db, reader, invitations }) => {
    await api.register(supplierRoutes, { suppliers: new SupplierAdminService(db, reader, invitations) });
  },
};
