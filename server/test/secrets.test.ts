import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecretsKey, SecretBox } from '../src/plugins/secrets';

describe('stored secrets', () => {
  const box = new SecretBox(Buffer.alloc(32, 7));

  it('seals a secret so the stored text does not contain it, and opens it again', () => {
    const sealed = box.seal('client-secret-value');
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain('client-secret-value');
    expect(box.open(sealed)).toBe('client-secret-value');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a sealed secret that was tampered with or sealed under another key', () => {
    const sealed = box.seal('secret');
    expect(() => new SecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
    expect(() => box.open(`${sealed.slice(0, -2)}AA`)).toThrow();
  });

  it('takes SECRETS_KEY as hex, refuses a short one, and otherwise keeps a key file of its own', () => {
    expect(loadSecretsKey({ SECRETS_KEY: 'ab'.repeat(32), SECRETS_KEY_FILE: '/nonexistent' })).toHaveLength(
      32,
    );
    expect(() => loadSecretsKey({ SECRETS_KEY: 'short', SECRETS_KEY_FILE: '/nonexistent' })).toThrow(
      /32 bytes/,
    );
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-')), 'sub', 'secrets.key');
    const first = loadSecretsKey({ SECRETS_KEY_FILE: file });
    expect(loadSecretsKey({ SECRETS_KEY_FILE: file }).equals(first)).toBe(true);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
  });
});
