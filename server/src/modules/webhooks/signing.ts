import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: 32 random bytes, shown once and stored sealed (plugins/secrets.ts). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The `compass-signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The
 * time inside the signed text lets a receiver refuse an old delivery replayed by someone else.
 */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
