import {
  ratingMessages,
  registerMessages,
  riskMessages,
  type TRiskDetails,
  type TRiskRow,
} from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { ETHAN, registerMocks, stewardshipFixture, WORKPLACE } from '../registerParts/registers.fixtures';
import { RiskEditPage } from './RiskEditPage';
import { RiskPage } from './RiskPage';
import { RiskRegisterPage } from './RiskRegisterPage';
import { RiskReviewPage } from './RiskReviewPage';

const RISK = testId(1);

const rating = (likelihood: number, consequence: number, score: number, level: string, colour: string) =>
  ({ likelihood, consequence, score, level, colour }) as TRiskRow['residual'];

const row = (over: Partial<TRiskRow> = {}): TRiskRow => ({
  _id: RISK,
  name: 'Working at Heights',
  isActive: true,
  hazard: 'Work on mezzanines above 2 m.',
  workplaceName: 'Riverside Depot',
  ownerName: 'Ethan Clarke',
  inherent: rating(4, 5, 20, 'extreme', 'red'),
  residual: rating(2, 5, 10, 'high', 'orange'),
  reviewFrequency: 'years',
  nextReviewDate: '2026-12-01',
  reviewDueType: 'nodue',
  openActions: 1,
  ...over,
});

const details = (over: Partial<TRiskDetails> = {}): TRiskDetails => ({
  _id: RISK,
  name: 'Working at Heights',
  isActive: true,
  hazard: 'Work on mezzanines above 2 m.',
  consequences: 'Falls.',
  existingControls: 'Edge protection.',
  inherent: rating(4, 5, 20, 'extreme', 'red'),
  residual: rating(2, 5, 10, 'high', 'orange'),
  isMaster: true,
  colour: 'orange',
  ...stewardshipFixture(),
  ...over,
});

const common = registerMocks('risk');

describe('RiskRegisterPage', () => {
  it('lists risks with their ratings, filters on the server and shows the matrix', async () => {
    const fetchMock = mockFetch({
      ...common,
      'POST /api/riskList': () => ok({ rows: [row()], total: 1 }),
      'POST /api/riskMatrix': () =>
        ok({
          cells: [{ likelihood: 2, consequence: 5, count: 3 }],
          unrated: 1,
          byColour: { green: 0, yellow: 0, orange: 3, red: 0 },
        }),
    });
    renderRoutes([{ path: '/risk/register', element: <RiskRegisterPage /> }], '/risk/register');
    const user = userEvent.setup();
    const table = await screen.findByRole('region', { name: 'Risks' });
    expect(await within(table).findByRole('link', { name: 'Working at Heights' })).toHaveAttribute(
      'href',
      `/risk/register/${RISK}`,
    );
    expect(within(table).getByText('Extreme')).toBeInTheDocument();
    expect(within(table).getByText('High')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Rating after controls'), 'red');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'rating');
    expect(bodiesSent(fetchMock, '/api/riskList').at(-1)).toMatchObject({
      colour: 'red',
      sort: 'rating',
      page: 1,
    });

    await user.click(screen.getByRole('tab', { name: 'Matrix' }));
    const cell = await screen.findByRole('button', { name: /consequence 5 Catastrophic: High, 3 risks/ });
    expect(screen.getByText(/1 not rated/)).toBeInTheDocument();
    await user.click(cell);
    expect(screen.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Rating after controls')).toHaveValue('orange');
  }, 15_000);

  it('says when the register is empty', async () => {
    mockFetch({ ...common, 'POST /api/riskList': () => ok({ rows: [], total: 0 }) });
    renderRoutes([{ path: '/risk/register', element: <RiskRegisterPage /> }], '/risk/register');
    expect(await screen.findByText('No risks yet: add the first one.')).toBeInTheDocument();
  }, 15_000);
});

describe('RiskPage', () => {
  it('shows the risk, its ratings on the matrix, and raises an action after checking it', async () => {
    const fetchMock = mockFetch({
      ...common,
      'POST /api/riskDetails': () => ok(details()),
      'POST /api/riskActionAdd': () => ok({ _id: testId(9) }, registerMessages.actionAdded),
    });
    renderRoutes([{ path: '/risk/register/:id', element: <RiskPage /> }], `/risk/register/${RISK}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Working at Heights' })).toBeInTheDocument();
    expect(screen.getByText('Edge protection.')).toBeInTheDocument();
    expect(screen.getByText('Before')).toBeInTheDocument();
    expect(screen.getByText('After')).toBeInTheDocument();
    expect(screen.getByText('No actions raised yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Raise action' }));
    const dialog = screen.getByRole('dialog', { name: 'Raise action' });
    await user.click(within(dialog).getByRole('button', { name: 'Raise action' }));
    expect(within(dialog).getByText(registerMessages.instructionRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(registerMessages.assigneeRequired)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/riskActionAdd')).toEqual([]);

    await user.type(within(dialog).getByLabelText('What has to be done'), 'Fit guard rails.');
    await user.click(within(dialog).getByRole('button', { name: 'Choose' }));
    await user.type(within(dialog).getByRole('searchbox'), 'Eth');
    await user.click(await within(dialog).findByRole('button', { name: 'Ethan Clarke' }));
    await user.type(within(dialog).getByLabelText('Due'), '2099-01-31');
    await user.click(within(dialog).getByRole('button', { name: 'Raise action' }));
    expect(await screen.findByText(registerMessages.actionAdded)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/riskActionAdd')).toEqual([
      { itemId: RISK, instruction: 'Fit guard rails.', assigneeId: ETHAN._id, dueDate: '2099-01-31' },
    ]);
  });

  it('says so when the risk cannot be opened', async () => {
    mockFetch({ 'POST /api/riskDetails': () => ({ status: 404, body: envelope(null, 404, 'Not found.') }) });
    renderRoutes([{ path: '/risk/register/:id', element: <RiskPage /> }], `/risk/register/${RISK}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This risk cannot be opened');
  }, 15_000);
});

describe('RiskEditPage', () => {
  it('checks the risk before sending, then shows the server’s message by its field', async () => {
    const fetchMock = mockFetch({
      ...common,
      'POST /api/riskDetails': () => ok(details()),
      'POST /api/riskSave': () => ({
        status: 400,
        body: envelope(null, 400, riskMessages.nameTaken, {
          validation_errors: [{ field: 'name', message: riskMessages.nameTaken }],
        }),
      }),
    });
    renderRoutes(
      [{ path: '/risk/register/:id/edit', element: <RiskEditPage /> }],
      `/risk/register/${RISK}/edit`,
    );
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Risk');
    await user.clear(name);
    await user.clear(screen.getByLabelText('Next review'));
    await user.type(screen.getByLabelText('Next review'), '2020-01-01');
    const [before] = screen.getAllByRole('group', { name: 'Before controls' });
    await user.selectOptions(within(before!).getByLabelText('Likelihood'), '');
    await user.click(screen.getByRole('button', { name: 'Save risk' }));
    expect(screen.getByText(riskMessages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(registerMessages.nextReviewPast)).toBeInTheDocument();
    expect(screen.getByText(ratingMessages.outsideMatrix)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/riskSave')).toEqual([]);

    await user.type(name, 'Manual Handling');
    // A corrected field's message goes; the others stay until the next save.
    expect(screen.queryByText(riskMessages.nameRequired)).not.toBeInTheDocument();
    expect(screen.getByText(registerMessages.nextReviewPast)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Next review'));
    await user.type(screen.getByLabelText('Next review'), '2099-06-30');
    await user.selectOptions(within(before!).getByLabelText('Likelihood'), '3');
    await user.click(screen.getByRole('button', { name: 'Save risk' }));
    expect(await screen.findAllByText(riskMessages.nameTaken)).not.toHaveLength(0);
    expect(bodiesSent(fetchMock, '/api/riskSave')).toEqual([
      expect.objectContaining({
        _id: RISK,
        name: 'Manual Handling',
        inherent: { likelihood: 3, consequence: 5 },
        residual: { likelihood: 2, consequence: 5 },
        ownerId: ETHAN._id,
        workplaceId: WORKPLACE._id,
        reviewFrequency: 'years',
        nextReviewDate: '2099-06-30',
      }),
    ]);
  }, 15_000);
});

describe('RiskReviewPage', () => {
  it('lets the reviewer re-rate the risk with the review', async () => {
    const fetchMock = mockFetch({
      ...common,
      'POST /api/riskDetails': () => ok(details()),
      'POST /api/riskRegisterReviewDetails': () =>
        ok({
          _id: testId(8),
          name: 'Working at Heights',
          isActive: true,
          itemId: RISK,
          actionType: 'review',
          reviewer: ETHAN,
          coReviewer: null,
          isCoReviewed: false,
          coReviewComments: null,
          frequency: 'years',
          dueDate: '2026-11-25',
          taskDueDateType: 'due',
          waitingForCoReviewer: false,
          history: [],
        }),
      'POST /api/riskRegisterReviewComplete': () => ok({ nextDueDate: '2027-11-25' }, 'Review completed.'),
    });
    renderRoutes(
      [
        { path: '/risk/register-review/:id/:x/:flag', element: <RiskReviewPage /> },
        { path: '/risk/register/:id', element: <p>The risk</p> },
      ],
      `/risk/register-review/${RISK}/review/no`,
    );
    const user = userEvent.setup();
    const picker = await screen.findByRole('group', { name: 'Rating after controls' });
    expect(within(picker).getByLabelText('Likelihood')).toHaveValue('2');
    await user.selectOptions(within(picker).getByLabelText('Likelihood'), '1');
    await user.click(screen.getByLabelText(/^Updated/));
    await user.type(screen.getByLabelText('Comments'), 'Guard rails fitted.');
    await user.click(screen.getByRole('button', { name: 'Complete review' }));
    expect(await screen.findByText('The risk')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/riskRegisterReviewComplete')).toEqual([
      {
        itemId: RISK,
        reviewId: testId(8),
        actionType: 'review',
        outcome: 'updated',
        comments: 'Guard rails fitted.',
        residual: { likelihood: 1, consequence: 5 },
      },
    ]);
  }, 15_000);
});

describe('the reviewer pickers', () => {
  it('ask for reviewers only those who can open the review; the owner from everyone', async () => {
    const fetchMock = mockFetch({ ...common, 'POST /api/riskDetails': () => ok(details()) });
    renderRoutes(
      [{ path: '/risk/register/:id/edit', element: <RiskEditPage /> }],
      `/risk/register/${RISK}/edit`,
    );
    const user = userEvent.setup();
    const search = async (label: string) => {
      const chosen = await screen.findByRole('textbox', { name: label });
      await user.click(within(chosen.closest('.search-choice')! as HTMLElement).getByRole('button'));
      await user.type(screen.getByRole('searchbox', { name: label }), 'Et');
      await screen.findByRole('list', { name: 'Matches' });
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      return bodiesSent(fetchMock, '/api/riskPeople').at(-1);
    };
    expect(await search('Reviewer')).toMatchObject({ search: 'Et', role: 'reviewer' });
    expect(await search('Co-reviewer (optional)')).toMatchObject({ search: 'Et', role: 'reviewer' });
    expect(await search('Owner')).toMatchObject({ search: 'Et', role: 'anyone' });
  }, 15_000);
});
