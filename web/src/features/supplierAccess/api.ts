import {
  supplierCompanyPortalAccountsCall,
  supplierPortalAccountsCall,
  supplierProfileCall,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export const supplierAccessKeys = {
  all: ['supplierAccess'] as const,
  accounts: ['supplierAccess', 'accounts'] as const,
  company: (supplierId: string) => ['supplierAccess', 'company', supplierId] as const,
  profile: ['supplierAccess', 'profile'] as const,
};

/** POST /api/supplierPortalAccounts: the signed-in company's own accounts. */
export function usePortalAccounts() {
  return useQuery({
    queryKey: supplierAccessKeys.accounts,
    queryFn: () => callApi(supplierPortalAccountsCall, {}),
  });
}

/** POST /api/supplierCompanyPortalAccounts: a company's accounts, as the organisation sees them. */
export function useCompanyPortalAccounts(supplierId: string) {
  return useQuery({
    queryKey: supplierAccessKeys.company(supplierId),
    queryFn: () => callApi(supplierCompanyPortalAccountsCall, { body: { supplierId } }),
  });
}

/** POST /api/supplierProfile: the signed-in company's contact details and logo. */
export function useSupplierProfile() {
  return useQuery({
    queryKey: supplierAccessKeys.profile,
    queryFn: () => callApi(supplierProfileCall, {}),
  });
}
