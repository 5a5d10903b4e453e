/**
 * Which endpoint URLs Plaza calls. A webhook URL is chosen by whoever holds a site's admin key, and the
 * server calls it from inside its own network: without these checks it could be pointed at the
 * database, a cloud metadata service or anything else listening on a private address.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

export interface UrlPolicy {
  /** Plain http allowed (development). */
  allowHttp: boolean;
  /** Loopback, private, link-local and other non-public addresses allowed (development, tests). */
  allowPrivate: boolean;
}

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // NAT64 and 6to4 carry an IPv4 address that may be a private one.
  ['64:ff9b::', 96],
  ['2002::', 16],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv6');

/** Whether `address` (an IP literal) is anything but a public unicast address. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // BlockList checks an IPv4-mapped IPv6 address (::ffff:10.0.0.1) against the IPv4 ranges.
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

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
