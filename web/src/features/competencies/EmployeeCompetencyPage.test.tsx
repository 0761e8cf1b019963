import {
  competencyDefaultExpiry,
  competencyMessages,
  displayDay,
  type TCompetencyRecord,
  type TCompetencyRef,
  type TEmployeeCompetencySummary,
} from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserToday } from '../../lib/timeZone';
import {
  EMPLOYEE_ID,
  envelope,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
  testId,
} from '../../../test/helpers';
import { EmployeeCompetencyPage } from './EmployeeCompetencyPage';

const FORKLIFT: TCompetencyRef = {
  _id: testId(1),
  name: 'Forklift Licence',
  kind: 'licence',
  expires: true,
  validForMonths: 60,
};
const FIRST_AID: TCompetencyRef = {
  _id: testId(2),
  name: 'First Aid Certificate',
  kind: 'certificate',
  expires: true,
  validForMonths: 36,
};
const RECORD = testId(5);
const OTHER = testId(6);

const record = (over: Partial<TCompetencyRecord> = {}): TCompetencyRecord => ({
  _id: RECORD,
  competency: FORKLIFT,
  achievedOn: '2021-01-10',
  expiresOn: '2026-01-10',
  reference: 'LF-12345',
  issuer: 'SafeWork NSW',
  notes: null,
  standing: 'expired',
  isLatest: true,
  createdBy: 'Olivia Admin',
  attachments: [{ _id: testId(7), name: 'licence.pdf', path: '/api/file/x', fileType: 'pdf', size: 10 }],
  updatedAt: '2021-01-10T00:00:00.000Z',
  ...over,
});

const summary = (
  rights: TEmployeeCompetencySummary['rights'],
  employeeId = EMPLOYEE_ID,
): TEmployeeCompetencySummary => ({
  employee: {
    _id: employeeId,
    name: 'Alex Morgan',
    position: { _id: testId(3), name: 'Storeman' },
    manager: null,
  },
  rows: [
    { competency: FORKLIFT, required: true, standing: 'expired', latest: record(), recordCount: 1 },
    { competency: FIRST_AID, required: true, standing: 'missing', latest: null, recordCount: 0 },
  ],
  counts: { held: 0, expiring: 0, expired: 1, missing: 1, none: 0 },
  rights,
});

const bodies = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path)).map(([, init]) => init!.body);

const render = (employeeId = EMPLOYEE_ID) =>
  renderRoutes(
    [{ path: '/human-resource/employee/competency/:employeeId', element: <EmployeeCompetencyPage /> }],
    `/human-resource/employee/competency/${employeeId}`,
  );

beforeEach(() => localStorage.setItem('authToken', 't'));

describe('EmployeeCompetencyPage', () => {
  it('renews an expired licence: a new record prefilled, saved, then its evidence uploaded', async () => {
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/employeeCompetencySummary': () => ok(summary({ mayEdit: true, mayDelete: false })),
      'POST /api/competencyRecordSave': () => ok({ _id: OTHER }, competencyMessages.recordSaved),
      'POST /api/competencyRecordFilesAdd': () => ok(null, competencyMessages.filesAdded),
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Competency' })).toBeInTheDocument();
    const forklift = screen.getByRole('listitem', { name: 'Forklift Licence' });
    expect(within(forklift).getByText('Expired')).toBeInTheDocument();
    expect(within(forklift).getByText('LF-12345')).toBeInTheDocument();
    expect(within(forklift).getByRole('button', { name: 'Preview licence.pdf' })).toBeInTheDocument();
    const firstAid = screen.getByRole('listitem', { name: 'First Aid Certificate' });
    expect(within(firstAid).getByText('Missing')).toBeInTheDocument();
    expect(
      within(firstAid).getByRole('button', { name: 'Add record First Aid Certificate' }),
    ).toBeInTheDocument();

    await user.click(within(forklift).getByRole('button', { name: 'Renew Forklift Licence' }));
    const dialog = screen.getByRole('dialog', { name: 'Renew Forklift Licence' });
    const today = browserToday();
    expect(within(dialog).getByLabelText('Achieved on')).toHaveValue(displayDay(today));
    expect(within(dialog).getByLabelText('Expires on')).toHaveValue(
      displayDay(competencyDefaultExpiry(today, 60)),
    );
    expect(within(dialog).getByLabelText('Reference (licence or ticket number)')).toHaveValue('LF-12345');
    await user.clear(within(dialog).getByLabelText('Reference (licence or ticket number)'));
    await user.type(within(dialog).getByLabelText('Reference (licence or ticket number)'), 'LF-67890');
    await user.upload(
      within(dialog).getByLabelText('Evidence files to add'),
      new File(['licence'], 'renewed.pdf', { type: 'application/pdf' }),
    );
    expect(within(dialog).getByText('renewed.pdf')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save record' }));
    expect(await screen.findByText(competencyMessages.recordSaved)).toBeInTheDocument();
    expect(bodies(fetchMock, '/api/competencyRecordSave').map((body) => JSON.parse(String(body)))).toEqual([
      {
        employeeId: EMPLOYEE_ID,
        competencyId: FORKLIFT._id,
        achievedOn: today,
        expiresOn: competencyDefaultExpiry(today, 60),
        reference: 'LF-67890',
        issuer: 'SafeWork NSW',
        notes: '',
      },
    ]);
    const [form] = bodies(fetchMock, '/api/competencyRecordFilesAdd') as FormData[];
    expect(form!.get('_id')).toBe(OTHER);
    expect((form!.get('files') as File).name).toBe('renewed.pdf');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 20_000);

  it('hides what the server refuses: no delete for the employee, nothing to change for a read-only viewer', async () => {
    mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/employeeCompetencySummary': () => ok(summary({ mayEdit: true, mayDelete: false })),
      'POST /api/competencyRecordList': () =>
        ok({ rows: [record()], total: 1, rights: { mayEdit: true, mayDelete: false } }),
    });
    const first = render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'History of Forklift Licence' }));
    const history = screen.getByRole('dialog', { name: 'History of Forklift Licence' });
    expect(await within(history).findByText('Latest')).toBeInTheDocument();
    expect(within(history).getByRole('button', { name: /^Edit the record/ })).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: /^Delete the record/ })).not.toBeInTheDocument();
    first.unmount();

    const someoneElse = testId(8);
    mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/employeeCompetencySummary': () =>
        ok(summary({ mayEdit: false, mayDelete: false }, someoneElse)),
    });
    render(someoneElse);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Competencies of Alex Morgan' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add record' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Renew/ })).not.toBeInTheDocument();
  }, 20_000);

  it('says so when the competencies are not the caller’s to see', async () => {
    mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/employeeCompetencySummary': () => ({ status: 403, body: envelope(null, 403, 'Forbidden') }),
    });
    render(testId(8));
    expect(
      await screen.findByRole('heading', { name: 'These competencies are private' }),
    ).toBeInTheDocument();
  }, 15_000);
});
