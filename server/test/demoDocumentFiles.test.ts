import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalFileStorage } from '../src/plugins/storage';
import { storeDocumentFiles } from '../../seed/demo/documentFiles';
import { Rows } from '../../seed/demo/rows';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-demo-files-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the demo documents’ files', () => {
  it('stores a PDF for every version and records it as the version’s file', async () => {
    const rows = new Rows();
    const companyId = '00000000-0000-4000-8000-000000000001';
    const documentId = '00000000-0000-4000-8000-000000000002';
    rows.document.push({ id: documentId, companyId, name: 'PPE Policy' });
    for (const number of [1, 2])
      rows.documentVersion.push({
        id: `00000000-0000-4000-8000-00000000001${number}`,
        companyId,
        documentId,
        number,
        note: number === 2 ? 'Revision 2' : null,
        status: 'published',
      });
    const storage = new LocalFileStorage(root);
    await storeDocumentFiles(rows, storage);
    expect(rows.attachment.map((file) => [file.ownerType, file.ownerId, file.name])).toEqual([
      ['documentVersion', '00000000-0000-4000-8000-000000000011', 'PPE Policy v1.pdf'],
      ['documentVersion', '00000000-0000-4000-8000-000000000012', 'PPE Policy v2.pdf'],
    ]);
    const stored = await buffer(storage.read(rows.attachment[1]!.storageKey));
    expect(stored.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(rows.attachment[1]!.size).toBe(stored.length);
  });
});
