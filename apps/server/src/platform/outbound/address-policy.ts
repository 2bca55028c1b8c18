import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses an outbound call to a user-set URL (a partner webhook) may reach. Everything that is
 * not public unicast is refused, whatever its spelling: loopback, private, carrier-grade NAT, link-local,
 * unique-local, multicast, unspecified, broadcast and reserved ranges, the cloud metadata services, and
 * IPv6 forms that carry such an IPv4 address (IPv4-mapped, IPv4-compatible, NAT64, 6to4). Host names
 * are judged by every address they resolve to. WEBHOOK_ALLOWED_NETWORKS opens chosen networks again
 * (a partner on premises); the metadata services stay closed.
 */
export type RefusalKind =
  | 'loopback'
  | 'private'
  | 'linkLocal'
  | 'metadata'
  | 'multicast'
  | 'reserved'
  | 'unresolved'
  | 'invalid';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Resolves a host name to every address it has (tests inject their own). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** A call refused by the policy; `reason` is an English sentence for logs and the delivery log. */
export class OutboundRefusedError extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly host: string,
    readonly address = '',
  ) {
    super(refusalSentence(kind, host, address));
    this.name = 'OutboundRefusedError';
  }
}

const KIND_TEXT: Record<RefusalKind, string> = {
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  linkLocal: 'a link-local address',
  metadata: 'a cloud metadata service',
  multicast: 'a multicast address',
  reserved: 'an unspecified, broadcast or reserved address',
  unresolved: 'a host name that does not resolve',
  invalid: 'not an http(s) address',
};

function refusalSentence(kind: RefusalKind, host: string, address: string): string {
  const at = address && address !== host ? ` (${address})` : '';
  return `refused: ${host}${at} is ${KIND_TEXT[kind]}; outbound calls may not reach it`;
}

/** Metadata services of the clouds (AWS, GCP, Azure, Alibaba Cloud, Oracle ...), by address and by name. */
const METADATA_ADDRESSES = ['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254'].map((a) =>
  ipaddr.parse(a).toString(),
);
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data']);

const RANGE_KIND: Record<string, RefusalKind> = {
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'private',
  uniqueLocal: 'private',
  linkLocal: 'linkLocal',
  multicast: 'multicast',
};

type Address = ipaddr.IPv4 | ipaddr.IPv6;
/** A name that has not resolved in this long counts as not resolving. */
const RESOLVE_TIMEOUT_MS = 5000;
export type Network = [Address, number];

/** Parses `10.0.0.0/8, 192.168.1.10` (a bare address is its own /32 or /128); throws on a bad entry. */
export function parseNetworks(list: string): Network[] {
  return list
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      if (entry.includes('/')) return ipaddr.parseCIDR(entry);
      const address = ipaddr.parse(entry);
      return [address, address.kind() === 'ipv4' ? 32 : 128] as Network;
    });
}

/** The IPv4 address an IPv6 address carries, when it is one of the forms that carry one. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = v6.range();
  const bytes = v6.toByteArray();
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  if (range === 'rfc6052' || range === 'rfc6145' || range === 'ipv4Mapped') {
    return new ipaddr.IPv4(bytes.slice(12, 16));
  }
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  if (isIPv4Compatible(v6)) return new ipaddr.IPv4(bytes.slice(12, 16));
  return null;
}

/**
 * An IPv4-compatible IPv6 address (`::a.b.c.d`, the range ::/96, deprecated by RFC 4291; `::` and `::1` are
 * the unspecified and loopback addresses, judged as such). ipaddr.js calls it unicast; the URL parser writes
 * `[::127.0.0.1]` as `[::7f00:1]`.
 */
function isIPv4Compatible(v6: ipaddr.IPv6): boolean {
  const bytes = v6.toByteArray();
  if (bytes.slice(0, 12).some((b) => b !== 0)) return false;
  const last = bytes.slice(12, 16);
  return !(last.slice(0, 3).every((b) => b === 0) && (last[3] === 0 || last[3] === 1));
}

export class AddressPolicy {
  private readonly allowed: Network[];

  constructor(
    allowedNetworks: Network[] = [],
    readonly resolve: HostResolver = systemResolver,
  ) {
    this.allowed = allowedNetworks;
  }

  /** Why this address may not be reached, or null when it may. */
  classify(raw: string): RefusalKind | null {
    if (!ipaddr.isValid(raw)) return 'invalid';
    // An IPv6 address with a dotted tail in the URL parser's form (`::8.8.8.8` → `::808:808`): ipaddr.js
    // reads `::a.b.c.d` as IPv4-mapped.
    if (raw.includes(':') && raw.includes('.')) raw = new URL(`http://[${raw}]/`).hostname.replace(/^\[|\]$/g, '');
    let address: Address = ipaddr.process(raw);
    // The deprecated IPv4-compatible range is reserved: refused whatever it carries (an inside address by its kind).
    let compatible = false;
    if (address.kind() === 'ipv6') {
      compatible = isIPv4Compatible(address as ipaddr.IPv6);
      const carried = embeddedIPv4(address as ipaddr.IPv6);
      if (carried) address = carried;
    }
    if (METADATA_ADDRESSES.includes(address.toString())) return 'metadata';
    if (this.allowed.some(([net, bits]) => net.kind() === address.kind() && address.match(net, bits))) return null;
    const range = address.range();
    if (range === 'unicast') return compatible ? 'reserved' : null;
    return RANGE_KIND[range] ?? 'reserved';
  }

  /** Throws OutboundRefusedError unless this address may be reached. */
  assertAddress(address: string, host = address): void {
    const kind = this.classify(address);
    if (kind) throw new OutboundRefusedError(kind, host, address);
  }

  /** The host of a URL as written (brackets of an IPv6 literal removed), or a refusal for a non-http URL. */
  hostOf(url: string): string {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new OutboundRefusedError('invalid', url);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new OutboundRefusedError('invalid', url);
    return parsed.hostname.replace(/^\[|\]$/g, '');
  }

  /**
   * Checks a URL before it is saved or called: its host (an address in any spelling the URL parser
   * accepts, or a name) and every address the name resolves to now.
   */
  async assertUrl(url: string): Promise<void> {
    const host = this.hostOf(url);
    await this.resolveAllowed(host);
  }

  /** The addresses of a host that may be reached; throws when any of them may not (or none resolve). */
  async resolveAllowed(host: string): Promise<ResolvedAddress[]> {
    if (ipaddr.isValid(host)) {
      this.assertAddress(host);
      return [{ address: host, family: host.includes(':') ? 6 : 4 }];
    }
    const name = host.toLowerCase().replace(/\.$/, '');
    if (METADATA_NAMES.has(name)) throw new OutboundRefusedError('metadata', host);
    if (name === 'localhost' || name.endsWith('.localhost')) throw new OutboundRefusedError('loopback', host);
    let addresses: ResolvedAddress[];
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('DNS timeout')), RESOLVE_TIMEOUT_MS);
      });
      addresses = await Promise.race([this.resolve(name), late]);
    } catch {
      clearTimeout(timer);
      throw new OutboundRefusedError('unresolved', host);
    }
    clearTimeout(timer);
    if (addresses.length === 0) throw new OutboundRefusedError('unresolved', host);
    // One refused address refuses the name: a name may not mix a public address with an inside one.
    for (const a of addresses) this.assertAddress(a.address, host);
    return addresses;
  }
}
