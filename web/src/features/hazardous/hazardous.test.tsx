import {
  hazardousMessages,
  ratingMessages,
  registerMessages,
  type THazardousDetails,
  type THazardousRow,
} from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { ETHAN, registerMocks, stewardshipFixture } from '../registerParts/registers.fixtures';
import { HazardousEditPage } from './HazardousEditPage';
import { HazardousPage } from './HazardousPage';
import { HazardousRegisterPage } from './HazardousRegisterPage';

const SUBSTANCE = testId(1);

const row = (over: Partial<THazardousRow> = {}): THazardousRow => ({
  _id: SUBSTANCE,
  name: 'Paint Thinner',
  isActive: true,
  supplierName: 'Trade Paints',
  workplaceName: 'Riverside Depot',
  storageLocation: 'Flammables cabinet',
  quantity: 25,
  quantityUnit: 'L',
  hazardClasses: ['flammable', 'irritant'],
  rating: { likelihood: 3, consequence: 3, score: 9, level: 'medium', colour: 'yellow' },
  sdsIssueDate: '2020-01-10',
  sdsStatus: 'due',
  nextReviewDate: '2026-12-01',
  reviewDueType: 'nodue',
  ...over,
});

const details = (over: Partial<THazardousDetails> = {}): THazardousDetails => ({
  _id: SUBSTANCE,
  name: 'Paint Thinner',
  isActive: true,
  supplierName: 'Trade Paints',
  storageLocation: 'Flammables cabinet',
  quantity: 25,
  quantityUnit: 'L',
  hazardClasses: ['flammable'],
  rating: { likelihood: 3, consequence: 3, score: 9, level: 'medium', colour: 'yellow' },
  sds: {
    issueDate: '2020-01-10',
    expiryDate: null,
    status: 'due',
    file: {
      _id: testId(7),
      name: 'thinner-sds.pdf',
      path: `/api/files/${testId(7)}`,
      fileType: 'pdf',
      size: 10,
    },
    sheets: [],
  },
  ...stewardshipFixture(),
  ...over,
});

const common = registerMocks('hazardous');

describe('HazardousRegisterPage', () => {
  it('lists substances with their classes, rating and SDS status, and filters the due sheets', async () => {
    const fetchMock = mockFetch({
      ...common,
      'POST /api/hazardousList': () => ok({ rows: [row()], total: 1 }),
    });
    renderRoutes(
      [{ path: '/hazardous/register', element: <HazardousRegisterPage /> }],
      '/hazardous/register',
    );
    const user = userEvent.setup();
    const table = await screen.findByRole('region', { name: 'Hazardous substances' });
    expect(await within(table).findByRole('link', { name: 'Paint Thinner' })).toBeInTheDocument();
    expect(within(table).getByText('Flammable, Irritant / harmful')).toBeInTheDocument();
    expect(within(table).getByText('SDS due')).toBeInTheDocument();
    expect(within(table).getByText('Medium')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Safety data sheet'), 'yes');
    const sent = bodiesSent(fetchMock, '/api/hazardousList');
    expect(sent.at(-1)).toEqual({ page: 1, pageSize: 20, sdsDue: 'yes' });
  }, 15_000);
});

describe('HazardousPage', () => {
  it('shows a due SDS, and checks a new one before uploading it', async () => {
    const fetchMock = mockFetch({
      ...common,
      'POST /api/hazardousDetails': () => ok(details()),
      'POST /api/hazardousSdsUpload': () => ok(null, hazardousMessages.sdsUploaded),
    });
    renderRoutes(
      [{ path: '/hazardous/register/:id', element: <HazardousPage /> }],
      `/hazardous/register/${SUBSTANCE}`,
    );
    const user = userEvent.setup({ applyAccept: false });
    expect(await screen.findByText(/This safety data sheet is due/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'thinner-sds.pdf' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload new SDS' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload a safety data sheet' });
    await user.upload(
      within(dialog).getByLabelText('Safety data sheet (PDF)'),
      new File(['x'], 'sheet.docx'),
    );
    await user.type(within(dialog).getByLabelText('Issue date'), '2026-01-10');
    await user.type(within(dialog).getByLabelText('Expiry date (optional)'), '2025-01-10');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText(hazardousMessages.sdsFileType)).toBeInTheDocument();
    expect(within(dialog).getByText(hazardousMessages.sdsExpiryBeforeIssue)).toBeInTheDocument();

    await user.upload(
      within(dialog).getByLabelText('Safety data sheet (PDF)'),
      new File(['%PDF'], 'sheet.pdf'),
    );
    await user.clear(within(dialog).getByLabelText('Expiry date (optional)'));
    await user.type(within(dialog).getByLabelText('Expiry date (optional)'), '2031-01-10');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(hazardousMessages.sdsUploaded)).toBeInTheDocument();
    const uploads = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/hazardousSdsUpload'));
    expect(uploads).toHaveLength(1);
    const form = uploads[0]![1]!.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      _id: SUBSTANCE,
      issueDate: '2026-01-10',
      expiryDate: '2031-01-10',
    });
  }, 15_000);
});

describe('HazardousEditPage', () => {
  it('asks for what a new substance needs before sending, then saves it', async () => {
    const fetchMock = mockFetch({
      ...common,
      'POST /api/hazardousSave': () => ok({ _id: SUBSTANCE }, hazardousMessages.saved),
    });
    renderRoutes(
      [
        { path: '/hazardous/register/new', element: <HazardousEditPage /> },
        { path: '/hazardous/register/:id', element: <p>The substance</p> },
      ],
      '/hazardous/register/new',
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Quantity'), '12');
    await user.click(screen.getByRole('button', { name: 'Save substance' }));
    expect(screen.getByText(hazardousMessages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(hazardousMessages.unitRequired)).toBeInTheDocument();
    expect(screen.getByText(ratingMessages.outsideMatrix)).toBeInTheDocument();
    expect(screen.getByText(registerMessages.ownerRequired)).toBeInTheDocument();
    expect(screen.getByText(registerMessages.frequencyUnknown)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Product'), 'Methanol');
    await user.selectOptions(screen.getByLabelText('Unit'), 'L');
    await user.click(screen.getByLabelText('Flammable'));
    await user.click(screen.getByLabelText('Acute toxicity'));
    const picker = screen.getByRole('group', { name: 'Risk rating' });
    await user.selectOptions(within(picker).getByLabelText('Likelihood'), '2');
    await user.selectOptions(within(picker).getByLabelText('Consequence'), '4');
    expect(within(picker).getByText('Medium')).toBeInTheDocument();
    for (const label of ['Owner', 'Reviewer']) {
      const field = screen.getByText(label, { selector: '.field-label' }).closest('.field') as HTMLElement;
      await user.click(within(field).getByRole('button', { name: 'Choose' }));
      await user.type(within(field).getByRole('searchbox'), 'Eth');
      await user.click(await within(field).findByRole('button', { name: 'Ethan Clarke' }));
    }
    await user.selectOptions(screen.getByLabelText('Review frequency'), 'years');
    await user.type(screen.getByLabelText('Next review'), '2099-03-01');
    await user.click(screen.getByRole('button', { name: 'Save substance' }));
    expect(await screen.findByText('The substance')).toBeInTheDocument();
    const saved = bodiesSent(fetchMock, '/api/hazardousSave');
    expect(saved).toEqual([
      {
        name: 'Methanol',
        supplierName: '',
        storageLocation: '',
        quantity: 12,
        quantityUnit: 'L',
        hazardClasses: ['flammable', 'acuteToxicity'],
        rating: { likelihood: 2, consequence: 4 },
        ownerId: ETHAN._id,
        workplaceId: null,
        reviewFrequency: 'years',
        reviewerId: ETHAN._id,
        coReviewerId: null,
        nextReviewDate: '2099-03-01',
      },
    ]);
  }, 15_000);
});
