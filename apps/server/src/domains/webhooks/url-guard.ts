/**
 * Which endpoint URLs Plaza calls. A webhook URL is chosen by whoever holds a site's admin key, and the
 * server calls it from inside its own network: without these checks it could be pointed at the
 * database, a cloud metadata service or anything else listening on a private address.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { isLocalName, isPrivateAddress } from '../../lib/private-address.ts';

export interface UrlPolicy {
  /** Plain http allowed (development). */
  allowHttp: boolean;
  /** Loopback, private, link-local and other non-public addresses allowed (development, tests). */
  allowPrivate: boolean;
}

/**
 * Why `url` may not be an endpoint, or undefined when it may. Looks at the URL alone (scheme, IP
 * literals, names that always mean this machine); what a name resolves to is checked at each delivery.
 */
export function urlProblem(url: string, policy: UrlPolicy): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute URL';
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && policy.allowHttp))
    return policy.allowHttp ? 'must be an http or https URL' : 'must be an https URL';
  if (parsed.username || parsed.password) return 'must not carry a user name or password';
  if (parsed.hash) return 'must not have a fragment';
  if (policy.allowPrivate) return undefined;
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLocalName(host) || (isIP(host) !== 0 && isPrivateAddress(host)))
    return 'must name a public host (loopback and private addresses are refused)';
  return undefined;
}

export class RefusedAddress extends Error {}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for node:http that refuses private addresses when the socket connects: the check and the
 * connection use the same answer, so a name that resolves anew between them cannot slip through.
 */
export function guardedLookup(policy: UrlPolicy) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const refused = policy.allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (refused)
        return callback(
          new RefusedAddress(`${hostname} resolves to ${refused.address}, a non-public address`),
          [],
        );
      if ((options as { all?: boolean }).all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new RefusedAddress(`${hostname} has no address`), []);
      callback(null, first.address, first.family);
    });
  };
}
