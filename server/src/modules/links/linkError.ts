import { messages } from '@compass/shared';
import { AppError } from '../../errors';

/** Why a link token was refused; the message is what the link's holder reads. */
export class LinkError extends AppError {
  constructor(
    readonly reason: 'unknown' | 'expired' | 'revoked' | 'wrongResource' | 'wrongOperation',
    statusCode: number,
  ) {
    super(statusCode, messages.links[reason]);
    this.name = 'LinkError';
  }
}
