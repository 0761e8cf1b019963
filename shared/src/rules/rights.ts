import { ACCESS_KEYS, type AccessKey, type AccessMap } from './access';

/**
 * What a role lets its holders do: the access keys it sets to 'yes', and the restrictable rights
 * (the organisation's access-restriction fields, such as closing forms) it is not restricted from.
 * An employee without a role, or a role without keys, holds nothing.
 */
export interface Rights {
  keys: ReadonlySet<AccessKey>;
  /** The restriction fields (keyField) the role is free of: it has no restriction 'no' on them. */
  free: ReadonlySet<string>;
}

export const NO_RIGHTS: Rights = { keys: new Set(), free: new Set() };

/**
 * Rights from keys and the role's restrictions ('no'), among the restriction fields the
 * organisation uses (`restrictable`): a role is free of every one it is not restricted from.
 */
export function rightsOf(
  keys: Iterable<AccessKey>,
  restricted: Iterable<string> = [],
  restrictable: Iterable<string> = [],
): Rights {
  const held = new Set(keys);
  if (held.size === 0) return NO_RIGHTS;
  const denied = new Set(restricted);
  return { keys: held, free: new Set([...restrictable].filter((field) => !denied.has(field))) };
}

/**
 * The rights of a permission profile (GET /api/permissions), among the restriction fields
 * `restrictable` names beside the profile's own.
 */
export function rightsOfProfile(
  profile: {
    access: AccessMap;
    accessRestriction: readonly { keyField: string; isAccess: 'yes' | 'no' }[];
  },
  restrictable: Iterable<string> = [],
): Rights {
  return rightsOf(
    ACCESS_KEYS.filter((key) => profile.access[key] === 'yes'),
    profile.accessRestriction.filter((entry) => entry.isAccess === 'no').map((entry) => entry.keyField),
    [...restrictable, ...profile.accessRestriction.map((entry) => entry.keyField)],
  );
}

/** The rights `other` holds that `actor` does not. Empty when the actor holds everything `other` does. */
export function rightsBeyond(actor: Rights, other: Rights): string[] {
  return [
    ...[...other.keys].filter((key) => !actor.keys.has(key)),
    ...[...other.free].filter((field) => !actor.free.has(field)),
  ];
}

/**
 * Whether `actor` holds every right of `other`. One rule for every administration write: nobody
 * gives a role, an access key or a reactivated account rights they do not hold themselves, and
 * nobody changes the role, sign-in identity (e-mail, username) or active state of an account that
 * holds rights they do not (else an HR key would take over an administrator by having its password
 * reset mailed to itself). System Administration is no exception: it edits roles, not beyond itself.
 */
export const holdsAll = (actor: Rights, other: Rights): boolean => rightsBeyond(actor, other).length === 0;
