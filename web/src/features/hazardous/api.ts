import { hazardousCalls, HAZARDOUS_REGISTER_PATH } from '@compass/shared';
import type { RegisterOf } from '../registerParts';

export const hazardousKeys = { all: ['hazardous'] as const };

/** The hazardous substances register as the register kit's pages take it. */
export const HAZARDOUS_REGISTER: RegisterOf = {
  noun: 'substance',
  base: 'hazardous',
  entityType: 'hazardousSubstance',
  calls: hazardousCalls,
  queryKey: hazardousKeys.all,
  back: { to: HAZARDOUS_REGISTER_PATH, label: 'Hazardous Substances' },
  missingBack: 'Back to the register',
};
