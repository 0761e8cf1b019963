import { riskCalls, RISK_REGISTER_PATH } from '@compass/shared';
import type { RegisterOf } from '../registerParts';

export const riskKeys = { all: ['risks'] as const };

/** The risk register as the register kit's pages take it. */
export const RISK_REGISTER: RegisterOf = {
  noun: 'risk',
  base: 'risk',
  entityType: 'risk',
  calls: riskCalls,
  queryKey: riskKeys.all,
  back: { to: RISK_REGISTER_PATH, label: 'Risk Register' },
  missingBack: 'Back to the risk register',
};
