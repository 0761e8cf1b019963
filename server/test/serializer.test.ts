import { randomUUID } from 'node:crypto';
import {
  envelopeOf,
  NOTICE_AUDIENCES,
  NOTICE_PRIORITIES,
  NOTICE_STATUSES,
  ZFormSubmissionList,
  ZNoticeAdminRow,
} from '@compass/shared';
import {
  isResponseSerializationError,
  serializerCompiler as encodingSerializerCompiler,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from '../src/plugins/serializer';

const route = { method: 'POST', url: '/api/formSubmissionList', httpStatus: '200' };
const listAnswer = envelopeOf(ZFormSubmissionList);
const serialize = serializerCompiler({ ...route, schema: listAnswer });
const encode = encodingSerializerCompiler({ ...route, schema: listAnswer });

const row = () => ({
  _id: randomUUID(),
  formatedNumber: 'FS 12',
  formTemplateId: randomUUID(),
  formTemplateName: 'Incident Report',
  formDescription: 'Forklift near miss',
  formDate: '2026-11-28',
  workplaceName: 'Southbank',
  branchName: '',
  status: 'Open',
  coordinator: 'Ethan Coordinator',
  recordedBy: 'Mia Employee',
  formType: 'form-submission',
});
const answer = (rows: object[]) => ({
  response_code: 200,
  response_message: 'OK',
  response_data: { rows, total: rows.length, page: 1, pageSize: 20 },
});

describe('the response serializer (compiled zod)', () => {
  it('sends what the encoding serializer sent, for every answer it has been given', () => {
    for (const rows of [[], [row()], [row(), row(), row()]]) {
      expect(serialize(answer(rows))).toBe(encode(answer(rows)));
    }
    const capped = {
      ...answer([row()]),
      response_data: { ...answer([row()]).response_data, totalCapped: true },
    };
    expect(serialize(capped)).toBe(encode(capped));
  });

  it('sends only the fields of the contract, at every depth', () => {
    const leaky = { ...row(), passwordHash: 'argon2id$…', companyId: randomUUID() };
    const sent = JSON.parse(serialize({ ...answer([leaky]), internal: true }));
    expect(sent).not.toHaveProperty('internal');
    expect(Object.keys(sent.response_data.rows[0]).sort()).toEqual(Object.keys(row()).sort());
  });

  it('refuses an answer that breaks its contract, whichever field breaks it', () => {
    const broken = [
      { ...row(), _id: 'not-a-uuid' },
      { ...row(), status: 'Archived' },
      { ...row(), formDescription: null },
      (({ coordinator: _, ...rest }) => rest)(row()),
    ];
    for (const bad of broken) {
      let thrown: unknown;
      try {
        serialize(answer([row(), bad]));
      } catch (error) {
        thrown = error;
      }
      expect(isResponseSerializationError(thrown), JSON.stringify(bad)).toBe(true);
    }
  });

  it('keeps null where the contract allows it and refuses it where it does not', () => {
    const notices = z.array(ZNoticeAdminRow);
    const compiled = serializerCompiler({ ...route, schema: notices });
    const encoded = encodingSerializerCompiler({ ...route, schema: notices });
    const notice = {
      _id: randomUUID(),
      title: 'Fire drill',
      priority: NOTICE_PRIORITIES[0],
      startDate: '2026-11-28',
      expireDate: null,
      audience: NOTICE_AUDIENCES[0],
      audienceNames: [],
      status: NOTICE_STATUSES[0],
      author: null,
      attachmentCount: 0,
    };
    expect(compiled([notice, { ...notice, expireDate: '2026-12-01', author: 'Olivia Admin' }])).toBe(
      encoded([notice, { ...notice, expireDate: '2026-12-01', author: 'Olivia Admin' }]),
    );
    expect(() => compiled([{ ...notice, title: null }])).toThrow();
  });
});
