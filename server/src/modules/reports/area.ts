import type { Area, Platform } from '../../area';
import { createPrisma } from '../../db/prisma';
import { refreshRollups } from './rollups';
import { reportRoutes } from './routes';
import { SavedReportService } from './saved';
import { sendDueReports } from './schedule';
import { ReportService } from './service';

type Needs = Pick<
  Platform,
  'config' | 'db' | 'databaseUrl' | 'reader' | 'dataVersions' | 'mail' | 'everyFiveMinutes'
>;

export const reportsArea: Area<Needs> = {
  name: 'reports',
  register: async (api, { config, db, databaseUrl, reader, dataVersions, mail, everyFiveMinutes }) => {
    const reports = new ReportService({ db, reader }, { dataVersions });
    await api.register(reportRoutes, { reports, saved: new SavedReportService(db, reports) });
    // The big areas' figures are rollups (materialised views) brought up to date every five minutes,
    // through a client of their own: at scale a refresh outlasts the API's statement bound (5 s).
    const rollupClient = createPrisma(databaseUrl, 1);
    const closing = new AbortController();
    let refreshing: Promise<unknown> = Promise.resolve();
    // On shutdown the refresh under way ends after its current view, before the database stops.
    api.addHook('onClose', async () => {
      closing.abort();
      await refreshing.catch(() => undefined);
      await rollupClient.$disconnect();
    });
    // A view another process refreshed within the minute is skipped.
    everyFiveMinutes.push(
      () => (refreshing = refreshRollups(rollupClient, { skipWithinMs: 60_000, signal: closing.signal })),
    );
    // Saved reports are mailed at 07:00 of their organisation's day, not on a UTC hour in the +5:30 or
    // +5:45 zones: the five-minute jobs send the due ones (one read of the due index).
    everyFiveMinutes.push(() => sendDueReports(db, mail, reports, { publicUrl: config.PUBLIC_URL }));
  },
};
