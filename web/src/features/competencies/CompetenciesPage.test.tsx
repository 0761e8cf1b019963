import { competencyMessages, type TCompetencyRow } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { CompetenciesPage } from './CompetenciesPage';

const FORKLIFT = testId(1);
const DRIVER = { _id: testId(2), name: 'Forklift Driver' };
const STOREMAN = { _id: testId(3), name: 'Storeman' };

const row = (over: Partial<TCompetencyRow> = {}): TCompetencyRow => ({
  _id: FORKLIFT,
  name: 'Forklift Licence',
  kind: 'licence',
  expires: true,
  validForMonths: 60,
  description: 'High risk work licence, class LF.',
  isActive: true,
  positions: [DRIVER],
  ...over,
});

const options = () => ok({ competencies: [], positions: [DRIVER, STOREMAN], workplaces: [] });

const render = () =>
  renderRoutes(
    [{ path: '/human-resource/admin/competencies', element: <CompetenciesPage /> }],
    '/human-resource/admin/competencies',
  );

describe('CompetenciesPage', () => {
  it('lists the catalogue with how long each lasts and who needs it, filtered on the server', async () => {
    const fetchMock = mockFetch({
      'POST /api/competencyList': () =>
        ok({
          rows: [
            row(),
            row({
              _id: testId(4),
              name: 'White Card',
              kind: 'ticket',
              expires: false,
              validForMonths: null,
              positions: [],
            }),
          ],
          total: 2,
        }),
      'POST /api/competencyOptions': options,
    });
    render();
    const user = userEvent.setup();
    const table = await screen.findByRole('region', { name: 'Competency catalogue' });
    const forklift = (await within(table).findByText('Forklift Licence')).closest('tr')!;
    expect(within(forklift).getByText('Licence')).toBeInTheDocument();
    expect(within(forklift).getByText('60 months')).toBeInTheDocument();
    expect(within(forklift).getByText('1 position')).toBeInTheDocument();
    expect(within(forklift).getByText('In use')).toBeInTheDocument();
    const whiteCard = within(table).getByText('White Card').closest('tr')!;
    expect(within(whiteCard).getByText('No expiry')).toBeInTheDocument();
    expect(within(whiteCard).getByText('No position')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Kind'), 'ticket');
    expect(bodiesSent(fetchMock, '/api/competencyList').at(-1)).toMatchObject({ kind: 'ticket', page: 1 });
    expect(screen.getByRole('link', { name: 'Matrix' })).toHaveAttribute(
      'href',
      '/human-resource/admin/competencies/matrix',
    );
  }, 15_000);

  it('says what to do when the catalogue is empty', async () => {
    mockFetch({ 'POST /api/competencyList': () => ok({ rows: [], total: 0 }) });
    render();
    expect(
      await screen.findByText(
        'No competencies yet — add the licences, tickets and certificates your people need.',
      ),
    ).toBeInTheDocument();
  }, 15_000);

  it('adds a competency with the positions that require it, after checking the form', async () => {
    const fetchMock = mockFetch({
      'POST /api/competencyList': () => ok({ rows: [], total: 0 }),
      'POST /api/competencyOptions': options,
      'POST /api/competencySave': () => ok({ _id: testId(9) }, competencyMessages.saved),
      'POST /api/competencyPositionsSet': () => ok(null, competencyMessages.requirementsSaved),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add competency' }));
    const dialog = screen.getByRole('dialog', { name: 'Add competency' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(competencyMessages.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(competencyMessages.kindUnknown)).toBeInTheDocument();
    expect(within(dialog).getByText(competencyMessages.validForRequired)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/competencySave')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Confined Space Entry');
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'ticket');
    await user.type(within(dialog).getByLabelText('Valid for (months)'), '24');
    await user.click(await within(dialog).findByLabelText('Storeman'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(competencyMessages.saved)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/competencySave')).toEqual([
      {
        name: 'Confined Space Entry',
        kind: 'ticket',
        description: '',
        expires: true,
        validForMonths: 24,
      },
    ]);
    expect(bodiesSent(fetchMock, '/api/competencyPositionsSet')).toEqual([
      { _id: testId(9), positionIds: [STOREMAN._id] },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 15_000);

  it('deactivates a competency only once confirmed', async () => {
    const fetchMock = mockFetch({
      'POST /api/competencyList': () => ok({ rows: [row()], total: 1 }),
      'POST /api/competencySetActive': () => ok(null, competencyMessages.deactivated),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Forklift Licence' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Forklift Licence?' });
    expect(bodiesSent(fetchMock, '/api/competencySetActive')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(competencyMessages.deactivated)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/competencySetActive')).toEqual([{ _id: FORKLIFT, isActive: false }]);
  }, 15_000);
});
