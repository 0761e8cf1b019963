import type { TOnSiteNow, TVisitDetails, TVisitorSetup, TVisitorSetupList, TVisitRow } from '@compass/shared';
import { ok, testId } from '../../../test/helpers';

/** What Vismate's page tests share: a visitor at the depot, its setup and the workplaces. */
export const VISIT = testId(1);
export const DEPOT = { _id: testId(2), name: 'Riverside Depot' };
export const OFFICE = { _id: testId(3), name: 'Head Office' };
export const KIOSK = testId(4);
export const QUESTION = testId(5);
export const PHOTO = testId(6);
export const BRANCH = { _id: testId(7), name: 'North Yard' };

export const SETUP_LIST: TVisitorSetupList = {
  rows: [
    { workplaceId: DEPOT._id, workplace: DEPOT.name, configured: 'yes', kiosks: 1, onSite: 2 },
    { workplaceId: OFFICE._id, workplace: OFFICE.name, configured: 'no', kiosks: 0, onSite: 0 },
  ],
};

export const visitRow = (over: Partial<TVisitRow> = {}): TVisitRow => ({
  _id: VISIT,
  kind: 'visitor',
  fullName: 'Jordan Lee',
  visitorCompany: 'Acme Couriers',
  host: 'Ethan Clarke',
  purpose: 'Delivery',
  phone: '0400 000 000',
  Workplaces: DEPOT.name,
  Branchs: null,
  SigninTime: '2026-11-27T09:00:00.000Z',
  SignoutTime: null,
  hours: null,
  ...over,
});

export const visitDetails = (over: Partial<TVisitDetails> = {}): TVisitDetails => ({
  ...visitRow(),
  answers: [{ label: 'Do you have a vehicle?', value: 'Yes' }],
  rulesAcceptedAt: '2026-11-27T09:00:00.000Z',
  signature: 'data:image/png;base64,iVBORw0KGgo=',
  photo: { _id: PHOTO, name: 'photo.jpg', path: `/api/files/${PHOTO}`, fileType: 'jpg', size: 10 },
  kiosk: 'Reception tablet',
  signedOutBy: null,
  personnel: null,
  ...over,
});

export const setupDetails = (over: Partial<TVisitorSetup> = {}): TVisitorSetup => ({
  workplaceId: DEPOT._id,
  workplace: DEPOT.name,
  configured: 'yes',
  questions: [{ _id: QUESTION, label: 'Do you have a vehicle?', type: 'yesNo', required: true }],
  siteRules: 'Wear a high-visibility vest.',
  takeSignature: true,
  takePhoto: false,
  notifyHost: true,
  retentionDays: 365,
  kiosks: [
    {
      _id: KIOSK,
      name: 'Reception tablet',
      branch: null,
      createdBy: 'Alex Morgan',
      createdAt: '2026-11-01T10:00:00.000Z',
      lastSeenAt: '2026-11-27T09:00:00.000Z',
      revokedAt: null,
    },
  ],
  documents: [
    { _id: testId(8), name: 'Site map.pdf', path: `/api/files/${testId(8)}`, fileType: 'pdf', size: 10 },
  ],
  ...over,
});

export const onSiteNow = (over: Partial<TOnSiteNow> = {}): TOnSiteNow => ({
  workplaceId: DEPOT._id,
  workplace: DEPOT.name,
  at: '2026-11-27T10:30:00.000Z',
  people: [
    {
      _id: testId(9),
      kind: 'employee',
      fullName: 'Sam Carter',
      company: 'Acme Manufacturing',
      host: null,
      Branchs: null,
      SigninTime: '2026-11-27T08:00:00.000Z',
    },
    {
      _id: VISIT,
      kind: 'visitor',
      fullName: 'Jordan Lee',
      company: 'Acme Couriers',
      host: 'Ethan Clarke',
      Branchs: BRANCH.name,
      SigninTime: '2026-11-27T09:00:00.000Z',
    },
  ],
  ...over,
});

/** The workplaces every Vismate page may ask for (its Workplace choices). */
export const visitorPageMocks = {
  'POST /api/visitorSetupList': () => ok(SETUP_LIST),
};
