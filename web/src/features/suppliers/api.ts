import {
  personnelListCall,
  supplierDetailsCall,
  supplierListCall,
  type CallInput,
  type TPersonnelListRequest,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';

type SupplierListRequest = CallInput<typeof supplierListCall>['body'];

export const supplierKeys = {
  all: ['suppliers'] as const,
  companies: ['suppliers', 'companies'] as const,
  companyOptions: ['suppliers', 'companies', 'options'] as const,
  company: (id: string) => ['suppliers', 'company', id] as const,
  personnel: ['suppliers', 'personnel'] as const,
};

/** POST /api/supplierList: one page of the supplier companies. */
export function fetchCompanies(request: SupplierListRequest) {
  return callApi(supplierListCall, { body: request });
}

/** The companies to choose from (the first 100 by name: a filter, not a register). */
export function useCompanyOptions() {
  return useQuery({
    queryKey: supplierKeys.companyOptions,
    queryFn: () => fetchCompanies({ pageSize: 100, status: 'active' }),
  });
}

/** POST /api/supplierDetails: one supplier company with its switches and accounts. */
export function useCompanyDetails(id: string) {
  return useQuery({
    queryKey: supplierKeys.company(id),
    queryFn: () => callApi(supplierDetailsCall, { body: { _id: id } }),
  });
}

/** POST /api/personnelList: one page of personnel, of every company or of one. */
export function fetchPersonnel(request: TPersonnelListRequest) {
  return callApi(personnelListCall, { body: request });
}
