/**
 * Which addresses the server may be made to call by what a site's admin configures (an SSO issuer):
 * the call starts inside the server's network, where a loopback, private or link-local address reaches
 * the database, a cloud metadata service or anything else not meant to be public.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

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

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
/** Names that always mean this machine. */
export const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** Whether `url` names this machine or a private network by itself: a local name or a private IP literal. */
export function namesPrivateHost(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = hostOf(parsed);
  return isLocalName(host) || (isIP(host) !== 0 && isPrivateAddress(host));
}

/**
 * Why `url` may not be called, or undefined: it names a private host, or its name resolves to a
 * private address (any of them). A name that does not resolve is left to the call to fail.
 */
export async function privateAddressProblem(url: string): Promise<string | undefined> {
  if (namesPrivateHost(url)) return `${url} names a loopback or private address`;
  const host = hostOf(new URL(url));
  if (isIP(host) !== 0) return undefined;
  let addresses: Array<{ address: string }>;
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    return undefined;
  }
  const found = addresses.find((entry) => isPrivateAddress(entry.address));
  return found && `${host} resolves to ${found.address}, a non-public address`;
}
