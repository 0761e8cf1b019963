import { z } from 'zod';

export const ZValidationError = z.object({ field: z.string(), message: z.string() });
export type TValidationError = z.infer<typeof ZValidationError>;

/** Every API body: `{ response_code, response_message, response_data }` (200 is success). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    response_code: z.number().int(),
    response_message: z.string(),
    response_data: data,
    validation_errors: z.array(ZValidationError).optional(),
    /** 'yes' tells the client to fetch the permissions once more. */
    updatePermissions: z.enum(['yes', 'no']).optional(),
  });
}

export const ZErrorEnvelope = envelopeOf(z.unknown().nullable());

export type Envelope<T> = {
  response_code: number;
  response_message: string;
  response_data: T;
  validation_errors?: TValidationError[];
  updatePermissions?: 'yes' | 'no';
};

export const ZYesNo = z.enum(['yes', 'no']);
export const ZUuid = z.uuid();
