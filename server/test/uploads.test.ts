import { MAX_FILES_PER_UPLOAD } from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartPayload, setupTestApp, signIn, type TestContext } from './helpers';

/**
 * A multipart body the parser cannot read (cut short, no boundary, too many parts) is the sender's
 * fault: a 400 or 413 envelope in our words, never a 500. Any multipart call shows it; the setup's
 * documents are one.
 */
let ctx: TestContext;
let token: string;

const send = (contentType: string, payload: string | Buffer) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/visitorSetupDocumentsAdd',
    headers: { authtoken: token, 'content-type': contentType },
    payload,
  });
const answer = async (response: ReturnType<typeof send>) => {
  const sent = await response;
  return [sent.statusCode, sent.json().response_message] as const;
};

beforeAll(async () => {
  ctx = await setupTestApp();
  token = await signIn(ctx.app, 'mia.employee');
});

describe('reading a multipart form', () => {
  it('answers a body cut short as a form to send again', async () => {
    const form = multipartPayload({ workplaceId: 'x' }, [
      { name: 'rules.pdf', content: Buffer.alloc(4096, 1) },
    ]);
    const cut = Buffer.from(form.payload).subarray(0, 300);
    expect(await answer(send(form.contentType, cut))).toEqual([400, 'Send the form as multipart/form-data.']);
  });

  it('answers a form without a boundary as a form to send again', async () => {
    expect(await answer(send('multipart/form-data', '--x\r\n\r\n'))).toEqual([
      400,
      'Send the form as multipart/form-data.',
    ]);
  });

  it('refuses too many fields in our words', async () => {
    const fields = Object.fromEntries(Array.from({ length: 25 }, (_, index) => [`field${index}`, 'v']));
    const form = multipartPayload(fields, []);
    expect(await answer(send(form.contentType, form.payload))).toEqual([413, 'Send at most 20 form fields.']);
  });

  it('refuses more parts than fields and files together in our words', async () => {
    const fields = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`field${index}`, 'v']));
    const files = Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, (_, index) => ({
      name: `file${index}.pdf`,
      content: Buffer.from('%PDF'),
    }));
    const form = multipartPayload(fields, files);
    expect(await answer(send(form.contentType, form.payload))).toEqual([
      413,
      `Send at most ${20 + MAX_FILES_PER_UPLOAD} form fields and files together.`,
    ]);
  });
});
