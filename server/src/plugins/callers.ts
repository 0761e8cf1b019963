import {
  apiTokenMessages,
  messages,
  type AccessKey,
  type CallAccess,
  type TErrorCode,
  type TLinkOperation,
  type TLinkResource,
} from '@compass/shared';
import { AppError } from '../errors';

/** The supplier company of a supplier user or personnel, with its portal switches. */
export interface SupplierOfCaller {
  companyId: string;
  supplierPortal: boolean;
  supplierAccess: boolean;
  isActive: boolean;
  /** This account's own access, kept by the company's main account (Access Settings). */
  portalAccess: boolean;
}

/** What a valid link token grants: one resource of one organisation, and the named operations. */
export interface LinkScope {
  linkTokenId: string;
  companyId: string;
  resourceType: TLinkResource;
  resourceId: string;
  operations: TLinkOperation[];
  supplierId: string | null;
  personnelId: string | null;
  expiresAt: Date;
}

/** What an account is: of which organisation, of which kind, and whom it stands for. */
export interface AccountOfCaller {
  companyId: string;
  /** The organisation's time zone, read with the session: its days (due dates, "today") are counted in it. */
  timeZone: string;
  userType: 'employee' | 'supplier' | 'company';
  employeeId: string | null;
  supplierId: string | null;
  personnelId: string | null;
}

/**
 * A signed-in caller's session: who it is, its organisation and what its role allows. An API token
 * (docs/integrations.md) makes an employee caller too: it has no session (sessionId names none,
 * token is empty) and its access keys are the token's that its creator's role holds.
 */
export interface AuthContext extends AccountOfCaller {
  sessionId: string;
  token: string;
  /** The API token of the call; null or absent for a session. */
  apiTokenId?: string | null;
  userId: string;
  /** A forced password change is pending: only sign-out, permissions and change password answer. */
  isForceUpdatePassword: boolean;
  supplier: SupplierOfCaller | null;
  /** The access keys of an employee's role that are 'yes' (empty for suppliers and personnel). */
  accessKeys: ReadonlySet<AccessKey>;
  /**
   * The user, role or supplier changed since the session last read its permissions (the envelope
   * says updatePermissions). Unknown (contexts made outside the auth plugin) counts as changed.
   */
  permissionsChanged?: boolean;
}

/** A signed-in caller: its kind and its session. */
export type SessionCaller =
  | { kind: 'employee'; auth: AuthContext }
  | { kind: 'supplier'; auth: AuthContext }
  | { kind: 'personnel'; auth: AuthContext };

/** The caller of one request, resolved once by the auth plugin. */
export type Caller = { kind: 'guest' } | { kind: 'link'; link: LinkScope } | SessionCaller;

/** The caller of a call that serves link holders as well as signed-in callers. */
export type LinkOrSessionCaller = Exclude<Caller, { kind: 'guest' }>;

/** The caller a call's handler is handed: only the kinds its declared access serves. */
export type CallerServed<A extends CallAccess> = A['callers'] extends readonly (infer K)[]
  ? Extract<Caller, { kind: K }>
  : Caller;

/** The kind of a signed-in session: personnel are supplier accounts tied to one person. */
export function sessionKind(
  auth: Pick<AuthContext, 'userType' | 'personnelId'>,
): 'employee' | 'supplier' | 'personnel' {
  if (auth.userType === 'employee') return 'employee';
  return auth.personnelId ? 'personnel' : 'supplier';
}

/** The caller of a signed-in session. */
export const sessionCallerOf = (auth: AuthContext): SessionCaller =>
  ({ kind: sessionKind(auth), auth }) as SessionCaller;

/**
 * A supplier company's users reach the product only while its portal or supplier access is on, the
 * company is active (000 section 6) and the company has not taken the account's access away.
 */
export function supplierPortalOpen(auth: Pick<AuthContext, 'companyId' | 'supplier'>): boolean {
  const { supplier } = auth;
  return (
    supplier !== null &&
    supplier.companyId === auth.companyId &&
    supplier.isActive &&
    supplier.portalAccess &&
    (supplier.supplierPortal || supplier.supplierAccess)
  );
}

const refusal = (status: 401 | 403, code: TErrorCode, message: string) =>
  new AppError(status, message, null, undefined, code);

/**
 * The call's answer to a caller: null when it is served, otherwise the error to send. The one
 * place the caller kind, an API token on a call that needs a person, a pending password change,
 * the supplier portal and access keys are ruled on.
 */
export function refusalOf(access: CallAccess, caller: Caller): AppError | null {
  if (access.callers === 'anyone') return null;
  if (caller.kind === 'guest') return refusal(401, 'not_signed_in', messages.common.sessionExpired);
  if (caller.kind !== 'link') {
    const { auth } = caller;
    if (auth.apiTokenId && access.sessionOnly)
      return refusal(403, 'session_required', apiTokenMessages.sessionRequired);
    if (auth.isForceUpdatePassword && !access.duringPasswordChange)
      return refusal(403, 'password_change_required', messages.common.passwordChangeRequired);
    if (caller.kind !== 'employee' && !access.withPortalOff && !supplierPortalOpen(auth))
      return refusal(403, 'supplier_portal_disabled', messages.dashboard.supplierPortalDisabled);
  }
  if (!access.callers.includes(caller.kind))
    return refusal(403, 'caller_not_served', access.refusal ?? messages.common.forbidden);
  if (caller.kind === 'employee' && access.accessKeys?.some((key) => !caller.auth.accessKeys.has(key)))
    return refusal(403, 'access_key_missing', messages.common.forbidden);
  return null;
}
