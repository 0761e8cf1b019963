import type { Area, Platform } from '../../area';
import type { SignInThrottle } from '../auth';
import type { Invitations } from '../password';
import { employeeRoutes } from './routes';
import { EmployeeService } from './service';

type Needs = Pick<Platform, 'db' | 'reader' | 'answers'> & {
  invitations: Invitations;
  throttle: SignInThrottle;
};

export const employeesArea: Area<Needs> = {
  name: 'employees',
  register: async (api, { db, reader, answers, invitations, throttle }) => {
    await api.register(employeeRoutes, {
      employees: new EmployeeService(db, reader, invitations, throttle),
      cache: answers,
    });
  },
};
