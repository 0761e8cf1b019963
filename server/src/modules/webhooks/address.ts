import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { webhookMessages as say } from '@compass/shared';

/**
 * The private-address guard: a webhook must not make the server call into its own network (SSRF).
 * The address is checked when the webhook is saved and again at every send, on the address the
 * connection actually uses (DNS may answer differently later).
 */

/** Where a receiver may be: the settings of config.ts (WEBHOOK_ALLOW_*). */
export interface ReceiverRules {
  allowHttp: boolean;
  allowPrivate: boolean;
}

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 3], // multicast and reserved, up to 255.255.255.255
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(
    address,
  );
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2]!, 16);
  const low = parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is private, loopback, link-local, unique-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return true;
  const inner = embeddedIpv4(address);
  return inner ? NOT_PUBLIC.check(inner, 'ipv4') : NOT_PUBLIC.check(address, 'ipv6');
}

const hasCredentials = (url: URL) => url.username !== '' || url.password !== '';

/**
 * The URL of a receiver when its form is allowed (https://, or http:// when allowed), else null.
 * One with a user name or password is not: it would be stored and shown in plain text, and events
 * are signed instead.
 */
export function receiverUrl(text: string, rules: ReceiverRules): URL | null {
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  const schemeAllowed = url.protocol === 'https:' || (url.protocol === 'http:' && rules.allowHttp);
  return schemeAllowed && url.hostname !== '' && !hasCredentials(url) ? url : null;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

const resolveAll = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/**
 * The save-time check: the contract's message for a URL that is not a receiver's, or that points
 * into a private network (by its literal address or any address its name resolves to). A name that
 * does not resolve now is accepted: the send-time check refuses it while it does not.
 */
export async function receiverProblem(text: string, rules: ReceiverRules): Promise<string | null> {
  if (URL.canParse(text) && hasCredentials(new URL(text))) return say.urlCredentials;
  const url = receiverUrl(text, rules);
  if (!url) return say.urlInvalid;
  if (rules.allowPrivate) return null;
  const host = hostOf(url);
  if (isIP(host)) return isPrivateAddress(host) ? say.urlPrivate : null;
  const addresses = await resolveAll(host).catch(() => []);
  return addresses.some((entry) => isPrivateAddress(entry.address)) ? say.urlPrivate : null;
}

/**
 * Why a send was refused before connecting: the receiver's address is private. The address is not
 * named: the log is shown to the organisation, and it must not map a network it cannot see.
 */
export class PrivateAddressError extends Error {
  constructor() {
    super("The receiver's address is private or local; events are not sent there.");
    this.name = 'PrivateAddressError';
  }
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` of the sending request: resolves as usual and refuses a private answer, so the
 * connection goes to the address that was checked. An IP literal in the URL is not looked up by
 * Node, so the sender checks it itself (`literalProblem`).
 */
export function guardedLookup(rules: ReceiverRules) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = rules.allowPrivate
        ? undefined
        : addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(new PrivateAddressError(), []);
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** The send-time check of a URL whose host is an IP address (no lookup happens for it). */
export function literalProblem(url: URL, rules: ReceiverRules): PrivateAddressError | null {
  const host = hostOf(url);
  return !rules.allowPrivate && isIP(host) && isPrivateAddress(host) ? new PrivateAddressError() : null;
}
