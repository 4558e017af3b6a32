import { deliverChanges } from '../../../shared/webhooks/deliver';
import { classOfRefusal, type FailureClass } from '../../../shared/webhooks/failure';
import { isPublicAddress } from '../../../shared/webhooks/public-address';
import { type Resolver, staticResolver } from '../../../shared/webhooks/resolver';
import { checkWebhookUrl, type UrlRefusal } from '../../../shared/webhooks/url-safety';

/**
 * Issue 17 point 7: an SSRF corpus for the webhook URL rule. Every URL in REFUSED must be refused
 * with the named reason, at registration (checkWebhookUrl) and again at delivery (deliverChanges,
 * which must then never open a connection); every URL in ACCEPTED must pass, so the corpus fails
 * both ways. Names resolve through a fixed table, never the network.
 */

const PUBLIC_V4 = '93.184.215.14';
const PUBLIC_V6 = '2606:4700::1111';

const DNS: Record<string, readonly string[]> = {
  'hooks.example.com': [PUBLIC_V4],
  'v6.example.com': [PUBLIC_V6],
  'dual.example.com': [PUBLIC_V4, PUBLIC_V6],
  // Every answer counts: one private address among public ones refuses the name.
  'mixed-v4.example.com': [PUBLIC_V4, '10.0.0.1'],
  'mixed-v6.example.com': [PUBLIC_V6, 'fd00::1'],
  'mixed-loopback.example.com': [PUBLIC_V4, '::1'],
  'mixed-metadata.example.com': [PUBLIC_V4, '169.254.169.254'],
  'private-last.example.com': ['8.8.8.8', '1.1.1.1', '192.168.1.1'],
  'private-first.example.com': ['172.16.5.4', PUBLIC_V4],
  'internal.example.com': ['10.1.2.3'],
  'loopback.example.com': ['127.0.0.1'],
  'cgnat.example.com': ['100.64.0.1'],
  'zero.example.com': ['0.0.0.0'],
  'broadcast.example.com': ['255.255.255.255'],
  'multicast.example.com': ['224.0.0.251'],
  'testnet.example.com': ['192.0.2.1'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'mapped-hex.example.com': ['::ffff:7f00:1'],
  'compat.example.com': ['::10.0.0.1'],
  'nat64.example.com': ['64:ff9b::a9fe:a9fe'],
  'ula.example.com': ['fd12:3456::1'],
  'linklocal6.example.com': ['fe80::1'],
  'zone.example.com': ['fe80::1%eth0'],
  '6to4.example.com': ['2002:7f00:1::1'],
  'octal-answer.example.com': ['0177.0.0.1'],
  'decimal-answer.example.com': ['2130706433'],
  'not-an-ip.example.com': ['example.org'],
  'empty.example.com': [],
  'metadata.google.internal': ['169.254.169.254'],
  'instance-data.ec2.internal': ['169.254.169.254'],
  'ec2-v6-metadata.example.com': ['fd00:ec2::254'],
  'localhost.localdomain': ['127.0.0.1'],
  'localtest.me': ['127.0.0.1'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  '169.254.169.254.nip.io': ['169.254.169.254'],
  '10.0.0.1.sslip.io': ['10.0.0.1'],
};

type Row = readonly [url: string, refusal: UrlRefusal];
const rows = (refusal: UrlRefusal, urls: readonly string[]): Row[] => urls.map((u) => [u, refusal] as const);

/** IPv4 literals in every range that is not globally reachable. */
const V4_RANGES = rows('private_address', [
  'https://127.0.0.1/',
  'https://127.255.255.254/',
  'https://10.0.0.1/',
  'https://10.255.255.255/',
  'https://172.16.0.1/',
  'https://172.31.255.255/',
  'https://192.168.0.1/',
  'https://192.168.255.255/',
  'https://169.254.0.1/',
  'https://169.254.169.254/latest/meta-data/',
  'https://100.64.0.1/',
  'https://100.127.255.254/',
  'https://0.0.0.0/',
  'https://0.1.2.3/',
  'https://224.0.0.1/',
  'https://239.255.255.250/',
  'https://255.255.255.255/',
  'https://240.0.0.1/',
  'https://192.0.0.1/',
  'https://192.0.2.1/',
  'https://198.18.0.1/',
  'https://198.51.100.1/',
  'https://203.0.113.1/',
]);

/** Other spellings of private IPv4 addresses: inet_aton forms, IDNA and percent tricks, parser quirks. */
const V4_SPELLINGS = rows('private_address', [
  'https://2130706433/',
  'https://0x7f000001/',
  'https://017700000001/',
  'https://0177.0.0.1/',
  'https://0x7f.1/',
  'https://127.1/',
  'https://127.0.1/',
  'https://0x7f.0x0.0x0.0x1/',
  'https://127.000.000.001/',
  'https://0/',
  'https://0x0/',
  'https://00/',
  'https://0.0/',
  'https://167772161/',
  'https://0xa9fea9fe/',
  'https://2852039166/',
  'https://0251.0376.0251.0376/',
  'https://4294967295/',
  'https://3232235521/',
  'https://127.0.0.1./',
  'https://127。0。0。1/',
  'https://%31%32%37.0.0.1/',
  'https://①②⑦.0.0.1/',
  'https:/127.0.0.1/',
  'https:\\\\127.0.0.1/',
  'https:127.0.0.1/',
  '\thttps://127.0.0.1/',
  ' https://127.0.0.1/ ',
  'https://127.0.\t0.1/',
  'https://127.0.0.1\n/',
  'https://127.0.0.1#@hooks.example.com',
  'https://127.0.0.1?@hooks.example.com',
  'https://127.0.0.1/@hooks.example.com',
  'https://127.0.0.1:443/',
]);

/** IPv6 literals: loopback, unspecified, ULA, link-local, IPv4-mapped/-compatible/-translated, NAT64, 6to4, Teredo. */
const V6_FORMS = rows('private_address', [
  'https://[::1]/',
  'https://[::]/',
  'https://[0:0:0:0:0:0:0:1]/',
  'https://[0000::0001]/',
  'https://[::ffff:127.0.0.1]/',
  'https://[::ffff:7f00:1]/',
  'https://[0:0:0:0:0:ffff:127.0.0.1]/',
  'https://[::ffff:10.0.0.1]/',
  'https://[::ffff:169.254.169.254]/',
  'https://[::ffff:a9fe:a9fe]/',
  'https://[::ffff:8.8.8.8]/',
  'https://[::ffff:0:127.0.0.1]/',
  'https://[::127.0.0.1]/',
  'https://[::10.0.0.1]/',
  'https://[::a9fe:a9fe]/',
  'https://[64:ff9b::127.0.0.1]/',
  'https://[64:ff9b::10.0.0.1]/',
  'https://[64:ff9b::a9fe:a9fe]/',
  'https://[64:ff9b::192.168.0.1]/',
  'https://[64:ff9b:1::a00:1]/',
  'https://[fc00::1]/',
  'https://[fd00::1]/',
  'https://[fd00:ec2::254]/',
  'https://[fe80::1]/',
  'https://[febf::1]/',
  'https://[fec0::1]/',
  'https://[ff02::1]/',
  'https://[ff05::1:3]/',
  'https://[2001:db8::1]/',
  'https://[2002:7f00:1::1]/',
  'https://[2002:a9fe:a9fe::1]/',
  'https://[2001::1]/',
  'https://[100::1]/',
  'https://[3fff::1]/',
]);

/** Zone ids, bracket slips and numbers out of range: not a URL the parser accepts at all. */
const MALFORMED = rows('invalid', [
  'https://[fe80::1%25eth0]/',
  'https://[fe80::1%eth0]/',
  'https://[::1%251]/',
  'https://[::1]./',
  'https://::1/',
  'https://[::1/',
  'https://4294967296/',
  'https://0x100000000/',
  'https://1.2.3.4.5/',
  'https://256.0.0.1/',
  'https://127.0.0.1:65536/',
  '//hooks.example.com/',
  'hooks.example.com/hook',
  '',
]);

const SCHEMES = rows('scheme', [
  'http://hooks.example.com/',
  'http://hooks.example.com:443/',
  'http://127.0.0.1/',
  'ftp://hooks.example.com/',
  'file:///etc/passwd',
  'file://localhost/etc/passwd',
  'gopher://127.0.0.1:6379/_INFO',
  'data:text/plain,hello',
  'javascript:alert(1)',
  'ws://hooks.example.com/',
  'wss://hooks.example.com/',
  'dict://127.0.0.1:11211/stats',
  'ldap://127.0.0.1/',
  'sftp://hooks.example.com/',
  'httpss://hooks.example.com/',
]);

const CREDENTIALS = rows('credentials', [
  'https://user:pass@hooks.example.com/',
  'https://user@hooks.example.com/',
  'https://:pass@hooks.example.com/',
  'https://evil@127.0.0.1/',
  'https://hooks.example.com@127.0.0.1/',
  'https://127.0.0.1@hooks.example.com/',
  'https://hooks.example.com:443@127.0.0.1/',
  'https://127.0.0.1%2523@hooks.example.com/',
  'https://user%40x:p@hooks.example.com/',
]);

const PORTS = rows('port', [
  'https://hooks.example.com:8443/',
  'https://hooks.example.com:80/',
  'https://hooks.example.com:22/',
  'https://hooks.example.com:25/',
  'https://hooks.example.com:6379/',
  'https://hooks.example.com:1/',
  'https://hooks.example.com:444/',
  'https://hooks.example.com:65535/',
  'https://hooks.example.com:0/',
  'https://127.0.0.1:8443/',
  'https://[2606:4700:4700::1111]:8443/',
  'https://localhost:8443/',
]);

const LOCALHOST = rows('localhost', [
  'https://localhost/',
  'https://LOCALHOST/',
  'https://localhost./',
  'https://localhost../',
  'https://a.localhost/',
  'https://a.b.localhost./',
  'https://ⓛocalhost/',
  'https://%6c%6fcalhost/',
  'https://localhost:443/',
]);

/** Names whose DNS answers include a non-public address (trailing dots included), and names that do not resolve. */
const BY_DNS: Row[] = [
  ...rows('private_address', [
    'https://mixed-v4.example.com/',
    'https://mixed-v6.example.com/',
    'https://mixed-loopback.example.com/',
    'https://mixed-metadata.example.com/',
    'https://private-last.example.com/',
    'https://private-first.example.com/',
    'https://internal.example.com/',
    'https://internal.example.com./',
    'https://loopback.example.com./',
    'https://Internal.Example.Com../',
    'https://cgnat.example.com/',
    'https://zero.example.com/',
    'https://broadcast.example.com/',
    'https://multicast.example.com/',
    'https://testnet.example.com/',
    'https://mapped.example.com/',
    'https://mapped-hex.example.com/',
    'https://compat.example.com/',
    'https://nat64.example.com/',
    'https://ula.example.com/',
    'https://linklocal6.example.com/',
    'https://zone.example.com/',
    'https://6to4.example.com/',
    'https://octal-answer.example.com/',
    'https://decimal-answer.example.com/',
    'https://not-an-ip.example.com/',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://metadata.google.internal./',
    'https://instance-data.ec2.internal/',
    'https://ec2-v6-metadata.example.com/',
    'https://localhost.localdomain/',
    'https://localtest.me/',
    'https://127.0.0.1.nip.io/',
    'https://169.254.169.254.nip.io/',
    'https://10.0.0.1.sslip.io/',
  ]),
  ...rows('dns', ['https://nowhere.example.com/', 'https://empty.example.com/']),
];

const LONG = rows('too_long', [
  `https://hooks.example.com/${'a'.repeat(2048)}`,
  `https://${'a'.repeat(2100)}.example.com/`,
  `https://hooks.example.com/?q=${'%41'.repeat(700)}`,
]);

const REFUSED: Row[] = [
  ...V4_RANGES,
  ...V4_SPELLINGS,
  ...V6_FORMS,
  ...MALFORMED,
  ...SCHEMES,
  ...CREDENTIALS,
  ...PORTS,
  ...LOCALHOST,
  ...BY_DNS,
  ...LONG,
];

const ACCEPTED: readonly (readonly [url: string, address: string])[] = [
  ['https://hooks.example.com/', PUBLIC_V4],
  ['https://hooks.example.com:443/in?x=1', PUBLIC_V4],
  ['HTTPS://HOOKS.EXAMPLE.COM/', PUBLIC_V4],
  ['https://hooks.example.com./', PUBLIC_V4],
  ['https://dual.example.com/x', PUBLIC_V4],
  ['https://v6.example.com/', PUBLIC_V6],
  ['https://8.8.8.8/', '8.8.8.8'],
  ['https://[2606:4700:4700::1111]/', '2606:4700:4700::1111'],
  // Look like tricks, but the parser reads the public host (the rest is path or empty userinfo).
  ['https://hooks.example.com\\@127.0.0.1/', PUBLIC_V4],
  ['https://:@hooks.example.com/', PUBLIC_V4],
];

/** A resolver over DNS that records every name it is asked. */
function recording(): { resolver: Resolver; asked: string[] } {
  const asked: string[] = [];
  const table = staticResolver(DNS);
  return {
    asked,
    resolver: (h, signal) => {
      asked.push(h);
      return table(h, signal);
    },
  };
}

/** Private addresses that occur in DNS answers: a refusal must never echo one back. */
const privateAnswers = [...new Set(Object.values(DNS).flat())].filter((a) => !isPublicAddress(a));

describe('SSRF corpus: the webhook URL rule', () => {
  it('holds at least 100 distinct refused URL forms and a handful of accepted ones', () => {
    expect(new Set(REFUSED.map(([u]) => u)).size).toBe(REFUSED.length);
    expect(REFUSED.length).toBeGreaterThanOrEqual(100);
    expect(ACCEPTED.length).toBeGreaterThanOrEqual(5);
  });

  describe.each(REFUSED)('refuses %j', (url, refusal) => {
    it(`as ${refusal} at registration`, async () => {
      const { resolver, asked } = recording();
      const r = await checkWebhookUrl(url, resolver);
      expect(r.ok ? 'accepted' : r.refusal).toBe(refusal);
      // Address literals and URLs refused on their shape never reach the resolver.
      if (refusal !== 'private_address' && refusal !== 'dns') expect(asked).toEqual([]);
      // A refused name never reveals what it resolved to (the name itself may spell an address).
      const said = r.ok ? '' : r.reason.replace(`host ${asked[0]} `, 'host ');
      if (asked.length > 0) for (const a of privateAnswers) expect(said).not.toContain(a);
    });

    it(`as ${classOfRefusal(refusal)} at delivery, without opening a connection`, async () => {
      const { resolver } = recording();
      const connects: string[] = [];
      const result = await deliverChanges({ id: 1, webhook_url: url, secret: 'whsec_corpus' }, [], {
        resolver,
        now: () => new Date('2025-06-10T14:00:00Z'),
        allowedPorts: [443],
        transport: {
          timeoutMs: 2_000,
          connectOverride: (address, port) => {
            connects.push(`${address}:${port}`);
            return { host: '127.0.0.1', port: 9 };
          },
        },
      });
      expect(result).toMatchObject({ ok: false, status: null, failure: classOfRefusal(refusal) });
      expect(connects).toEqual([]);
    });
  });

  it.each(ACCEPTED)('accepts %j', async (url, address) => {
    const r = await checkWebhookUrl(url, recording().resolver);
    expect(r.ok ? r.target.addresses[0] : r.reason).toBe(address);
    expect(r.ok && r.target.port).toBe(443);
    expect(r.ok && r.target.addresses.every(isPublicAddress)).toBe(true);
  });

  it('maps every refusal to a coarse delivery-log class', () => {
    const classes = new Set<FailureClass>(REFUSED.map(([, refusal]) => classOfRefusal(refusal)));
    expect([...classes].sort()).toEqual(['blocked_address', 'blocked_url', 'dns']);
  });
});
