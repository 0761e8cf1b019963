import type { Area, Platform } from '../../area';
import type { SignInThrottle } from '../auth';
import type { Invitations } from '../password';
import { PrivateInfoService } from './privateInfo';
import { employeeRoutes } from './routes';
import { EmployeeService } from './service';

type Needs = Pick<Platform, 'config' | 'db' | 'reader' | 'answers' | 'mail'> & {
  invitations: Invitations;
  throttle: SignInThrottle;
};

export const employeesArea: Area<Needs> = {
  name: 'employees',
  register: async (api, { config, db, reader, answers, mail, invitations, throttle }) => {
    await api.register(employeeRoutes, {
      employees: new EmployeeService(db, reader, invitations, throttle),
      privateInfo: new PrivateInfoService(db, mail, config.PUBLIC_URL),
      cache: answers,
    });
  },
};
