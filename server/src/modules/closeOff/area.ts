import type { Area, Platform } from '../../area';
import { closeOffRoutes } from './routes';
import { CloseOffService } from './service';

type Needs = Pick<Platform, 'config' | 'db' | 'storage' | 'mail'> & {
  submissionPolicy: ConstructorParameters<typeof CloseOffService>[4];
};

export const closeOffArea: Area<Needs, { closeOff: CloseOffService }> = {
  name: 'closeOff',
  register: async (api, { config, db, storage, mail, submissionPolicy }) => {
    const closeOff = new CloseOffService(
      db,
      storage,
      mail,
      { publicUrl: config.PUBLIC_URL, productName: config.PRODUCT_NAME },
      submissionPolicy,
    );
    await api.register(closeOffRoutes, { closeOff });
    return { closeOff };
  },
};
