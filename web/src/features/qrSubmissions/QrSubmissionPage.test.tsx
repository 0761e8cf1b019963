import { messages, type TQrSubmissionForm, type TTemplateSection } from '@compass/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  envelope,
  mockFetch,
  ok,
  renderRoutes,
  templateField,
  type TemplateFieldOver,
  testId,
} from '../../../test/helpers';
import { QrSubmissionPage } from './QrSubmissionPage';

const id = testId;
const COORDINATOR = id(1);
const TEMPLATE = id(2);
const COMPANY = id(3);
const WORKPLACE = id(4);
const BRANCH = id(5);
const SECTION = id(10);
const NAME = id(20);
const VISIT = id(21);

const sections: TTemplateSection[] = [
  { _id: SECTION, level: 'Your Visit', secMandatoryType: 'newEntry', orderNo: 1, isDelete: 'no' },
];
const field = (over: TemplateFieldOver) => templateField(SECTION, { colSize: 6, ...over });

const form: TQrSubmissionForm = {
  companyName: 'Northwind Facilities',
  coordinator: { _id: COORDINATOR, name: 'Ethan Clarke' },
  template: {
    _id: TEMPLATE,
    name: 'Visitor Feedback',
    formType: 'qr',
    formBranchType: 'manualEntry',
    emailNotification: [],
    coordinate: null,
    templateVersionId: id(6),
    version: 1,
    sections,
    fieldList: [
      field({
        _id: NAME,
        type: 'text',
        level: 'Your Name',
        isMandatory: 'yes',
        mandatoryComment: 'Please tell us your name',
      }),
      field({ _id: VISIT, type: 'textarea', level: 'Comments', orderNo: 2 }),
    ],
  },
  workplace: [{ _id: WORKPLACE, name: 'Riverside Depot' }],
};

type Handler = Parameters<typeof mockFetch>[0][string];
const PATH = `/qr/form-submission/${COORDINATOR}/${TEMPLATE}/${COMPANY}`;

function open(extra: Record<string, Handler> = {}, path = PATH) {
  const fetchMock = mockFetch({
    'POST /api/qrSubmissionForm': () => ok(form),
    'POST /api/qrSubmissionBranches': () => ok([{ _id: BRANCH, name: 'Warehouse' }]),
    ...extra,
  });
  renderRoutes(
    [
      { path: 'qr/:pageType/:employeeId/:formId/:companyId', element: <QrSubmissionPage /> },
      { path: 'form/qr-form-submit/:pageType/:employeeId/:formId/:companyId', element: <QrSubmissionPage /> },
    ],
    path,
  );
  return fetchMock;
}

const button = (name: string) => screen.getByRole('button', { name });
const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path));

async function fillHeader(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Description/), 'Visit to the depot');
  await user.selectOptions(screen.getByLabelText(/^Workplace/), 'Riverside Depot');
  // The workplace's only branch is preselected, through the guest call.
  await waitFor(() => expect(screen.getByLabelText(/^Branch/)).toHaveValue(BRANCH));
}

describe('QR guest form', () => {
  it('shows the form without navigation: the coordinator fixed, Guest User, Submit only', async () => {
    const fetchMock = open();
    await screen.findByRole('heading', { name: 'Initial details' });
    expect(screen.getByText('Northwind Facilities')).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    const coordinator = screen.getByLabelText(/^Coordinator/);
    expect(coordinator).toBeDisabled();
    expect(coordinator).toHaveDisplayValue('Ethan Clarke');
    expect(screen.getByText(messages.submission.guestUser)).toBeInTheDocument();
    expect(button('Submit')).toBeEnabled();
    for (const name of ['Save Draft', 'Cancel', 'History', 'Save'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    // Nothing but the guest calls.
    for (const [url] of fetchMock.mock.calls) expect(String(url)).toMatch(/^\/api\/qrSubmission/);
    expect(JSON.parse(String(callsTo(fetchMock, '/qrSubmissionForm')[0]![1]!.body))).toEqual({
      employeeId: COORDINATOR,
      formId: TEMPLATE,
      companyId: COMPANY,
    });
  });

  it('checks with the shared rules, submits the guest body and thanks with the FS number', async () => {
    const fetchMock = open({
      'POST /api/qrSubmissionSave': () => ok({ formatedNumber: 'FS 1043' }, messages.submission.submitted),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Initial details' });
    await user.click(button('Submit'));
    expect(await screen.findAllByText(messages.submission.descriptionRequired)).not.toHaveLength(0);
    await fillHeader(user);
    await user.click(button('Submit'));
    expect(await screen.findAllByText('Please tell us your name')).not.toHaveLength(0);
    expect(callsTo(fetchMock, '/qrSubmissionSave')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Your Name/), 'Grace Hopper');
    await user.click(button('Submit'));
    expect(
      await screen.findByRole('heading', { name: messages.qrSubmission.thankYouTitle }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('qr-form-number')).toHaveTextContent('FS 1043');
    const body = JSON.parse(String(callsTo(fetchMock, '/qrSubmissionSave')[0]![1]!.body)) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      employeeId: COORDINATOR,
      formId: TEMPLATE,
      companyId: COMPANY,
      formDescription: 'Visit to the depot',
      workplace: WORKPLACE,
      branch: BRANCH,
      formValue: [
        { relatedFormId: NAME, value: 'Grace Hopper' },
        { relatedFormId: VISIT, value: '' },
      ],
      tableData: [],
    });
    for (const key of ['isDraft', 'submissionUserId', 'taskData', '_id'])
      expect(body).not.toHaveProperty(key);

    await user.click(button('Fill in another form'));
    expect(await screen.findByLabelText(/^Description/)).toHaveValue('');
  });

  it("shows the server's messages: a field's under the field, the rate limit as the error", async () => {
    let reply: Handler = () => ({
      status: 400,
      body: envelope(null, 400, 'Please tell us your name', {
        validation_errors: [{ field: NAME, message: 'Please tell us your name' }],
      }),
    });
    open({ 'POST /api/qrSubmissionSave': (request) => reply(request) });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Initial details' });
    await fillHeader(user);
    await user.type(screen.getByLabelText(/^Your Name/), 'Grace Hopper');
    await user.click(button('Submit'));
    expect(await screen.findAllByText('Please tell us your name')).not.toHaveLength(0);
    expect(screen.getByLabelText(/^Your Name/)).toHaveAttribute('aria-invalid', 'true');

    reply = () => ({
      status: 429,
      body: envelope({ retryAfterSeconds: 30 }, 429, messages.common.tooManyRequests),
    });
    await user.click(button('Submit'));
    expect(await screen.findByText(messages.common.tooManyRequests)).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: messages.qrSubmission.thankYouTitle }),
    ).not.toBeInTheDocument();
  });

  it('explains a form that cannot be opened, and offers a retry only where one can help', async () => {
    open({
      'POST /api/qrSubmissionForm': () => ({
        status: 404,
        body: envelope(null, 404, messages.qrSubmission.coordinatorUnavailable),
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.qrSubmission.coordinatorUnavailable);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers a retry after the rate limit', async () => {
    let limited = true;
    open(
      {
        'POST /api/qrSubmissionForm': () =>
          limited ? { status: 429, body: envelope(null, 429, messages.common.tooManyRequests) } : ok(form),
      },
      `/form/qr-form-submit/form-submission/${COORDINATOR}/${TEMPLATE}/${COMPANY}`,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.common.tooManyRequests);
    limited = false;
    await userEvent.setup().click(button('Try again'));
    expect(await screen.findByRole('heading', { name: 'Initial details' })).toBeInTheDocument();
  });

  it('refuses a route whose ids are not complete without calling the server', async () => {
    const fetchMock = open({}, `/qr/form-submission/not-an-id/${TEMPLATE}/${COMPANY}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.qrSubmission.invalidLink);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
