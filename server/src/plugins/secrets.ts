import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

const PREFIX = 'enc:v1:';

/** The 32-byte key of SECRETS_KEY (hex or base64), or null when it is not one. */
function parseKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : null;
}

/** SECRETS_KEY, or the key kept in SECRETS_KEY_FILE, made (0600) the first time it is needed. */
export function loadSecretsKey(config: Pick<Config, 'SECRETS_KEY' | 'SECRETS_KEY_FILE'>): Buffer {
  if (config.SECRETS_KEY) {
    const key = parseKey(config.SECRETS_KEY);
    if (!key) throw new Error('SECRETS_KEY must be 32 bytes: 64 hex characters or base64.');
    return key;
  }
  const file = config.SECRETS_KEY_FILE;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process made it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = parseKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte key.`);
  return key;
}

/**
 * Secrets stored in the database (SSO client secrets) are encrypted with AES-256-GCM under the
 * key from the environment: `enc:v1:<iv>:<tag>:<ciphertext>`, base64url parts. A database dump
 * alone does not reveal them.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {}

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${[iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join(':')}`;
  }

  /** The plain secret; a value stored before encryption (no prefix) is returned as it is. */
  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    const [iv, tag, data] = stored
      .slice(PREFIX.length)
      .split(':')
      .map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !data) throw new Error('A stored secret is damaged.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}
