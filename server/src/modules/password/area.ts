import type { Area, Platform } from '../../area';
import type { PasswordHasher, SignInThrottle } from '../auth';
import { passwordRoutes } from './routes';
import { PasswordService } from './service';

type Needs = Pick<Platform, 'config' | 'db' | 'mail' | 'abuseLimits'> & {
  passwords: PasswordHasher;
  throttle: SignInThrottle;
};

export const passwordArea: Area<Needs> = {
  name: 'password',
  register: async (api, { config, db, mail, abuseLimits, passwords, throttle }) => {
    await api.register(passwordRoutes, {
      password: new PasswordService(db, mail, passwords, throttle, {
        publicUrl: config.PUBLIC_URL,
        productName: config.PRODUCT_NAME,
      }),
      abuseLimits,
    });
  },
};
