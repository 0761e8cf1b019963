import type { FormTemplate } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';

// Who prints which QR code (the calls' gate admits employees only).

/**
 * An employee's clock-in code is printed by the employee, or by whoever runs the visitor register
 * (the `vismate` key) or the system (the `system` key).
 */
export const mayPrintClockInCode = (auth: AuthContext, employeeId: string): boolean =>
  auth.employeeId === employeeId || auth.accessKeys.has('vismate') || auth.accessKeys.has('system');

/** A form template's poster is printed by the template's coordinator or an administrator (`system`). */
export const mayPrintPoster = (
  auth: AuthContext,
  template: Pick<FormTemplate, 'coordinatorEmployeeId'>,
): boolean =>
  (auth.employeeId !== null && template.coordinatorEmployeeId === auth.employeeId) ||
  auth.accessKeys.has('system');
