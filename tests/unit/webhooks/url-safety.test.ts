import { parseIPv4Loose, parseIPv6 } from '../../../shared/webhooks/ip';
import { isPublicAddress, refuseAddress } from '../../../shared/webhooks/public-address';
import { staticResolver } from '../../../shared/webhooks/resolver';
import { checkWebhookUrl } from '../../../shared/webhooks/url-safety';

const resolver = staticResolver({
  'hooks.example.com': ['93.184.215.14'],
  'v6.example.com': ['2606:4700::1111'],
  'rebind.example.com': ['93.184.215.14', '10.0.0.7'],
  'metadata.example.com': ['169.254.169.254'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'ula.example.com': ['fd00::1'],
});

const refused = async (url: string) => {
  const r = await checkWebhookUrl(url, resolver);
  return r.ok ? undefined : r.reason;
};

describe('webhook URL rule', () => {
  it('accepts an https URL whose host resolves only to public addresses', async () => {
    const r = await checkWebhookUrl('https://hooks.example.com/in?x=1', resolver);
    expect(r.ok && r.target.addresses).toEqual(['93.184.215.14']);
    expect(r.ok && r.target.port).toBe(443);
    expect(await refused('https://v6.example.com/x')).toBeUndefined();
  });

  it('allows port 443 only unless the operator allows more', async () => {
    expect(await refused('https://hooks.example.com:8443/x')).toMatch(/port 8443 is not allowed/);
    expect(await refused('https://hooks.example.com:443/x')).toBeUndefined();
    const wider = await checkWebhookUrl('https://v6.example.com:8443/x', resolver, { allowedPorts: [443, 8443] });
    expect(wider.ok && wider.target.port).toBe(8443);
  });

  it.each([
    ['http://hooks.example.com/', /https/],
    ['ftp://hooks.example.com/', /https/],
    ['https://user:pw@hooks.example.com/', /credentials/],
    ['https://user@hooks.example.com/', /credentials/],
    ['https://:pw@hooks.example.com/', /credentials/],
    ['not a url', /valid/],
    ['https://localhost/', /localhost/],
    ['https://a.localhost/', /localhost/],
    ['https://nowhere.example.com/', /does not resolve/],
  ])('refuses %s', async (url, why) => {
    expect(await refused(url)).toMatch(why);
  });

  it('refuses a name when ANY of its addresses is private, without saying which address', async () => {
    for (const [url, address] of [
      ['https://rebind.example.com/', '10.0.0.7'],
      ['https://metadata.example.com/', '169.254.169.254'],
      ['https://mapped.example.com/', '::ffff:127.0.0.1'],
      ['https://ula.example.com/', 'fd00::1'],
    ] as const) {
      const r = await checkWebhookUrl(url, resolver);
      expect(r.ok ? 'accepted' : r.refusal).toBe('private_address');
      expect(r.ok ? '' : r.reason).not.toContain(address);
    }
  });

  // Each numeric spelling of 127.0.0.1 (and of 10.0.0.1 / 169.254.169.254), through the real URL parser.
  it.each([
    'https://127.0.0.1/',
    'https://2130706433/',
    'https://0177.0.0.1/',
    'https://0x7f.1/',
    'https://0x7f000001/',
    'https://127.1/',
    'https://127.0.1/',
    'https://017700000001/',
    'https://0x7f.0.0.1/',
    'https://127.0.0.1./',
    'https://167772161/',
    'https://0xa9.0xfe.0xa9.0xfe/',
    'https://2852039166/',
    'https://0/',
  ])('refuses the numeric host %s without asking DNS', async (url) => {
    const lookups: string[] = [];
    const r = await checkWebhookUrl(url, async (h) => {
      lookups.push(h);
      return ['93.184.215.14'];
    });
    expect(r.ok).toBe(false);
    expect(lookups).toEqual([]);
  });

  it.each([
    'https://[::1]/',
    'https://[::]/',
    'https://[0:0:0:0:0:0:0:1]/',
    'https://[fc00::1]/',
    'https://[fd12:3456::1]/',
    'https://[fe80::1]/',
    'https://[fec0::1]/',
    'https://[ff02::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[::ffff:10.0.0.1]/',
    'https://[::ffff:8.8.8.8]/',
    'https://[::127.0.0.1]/',
    'https://[64:ff9b::a9fe:a9fe]/',
    'https://[64:ff9b:1::1]/',
    'https://[2002:7f00:1::1]/',
    'https://[2002:808:808::1]/',
    'https://[2001::1]/',
    'https://[2001:db8::1]/',
    'https://[100::1]/',
  ])('refuses the IPv6 host %s', async (url) => {
    expect(await refused(url)).toBeDefined();
  });

  it('accepts public literals', async () => {
    expect(await refused('https://8.8.8.8/')).toBeUndefined();
    expect(await refused('https://[2606:4700:4700::1111]/')).toBeUndefined();
  });
});

describe('address classification', () => {
  it.each([
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['10.255.255.255', false],
    ['100.64.0.1', false],
    ['100.127.255.254', false],
    ['100.128.0.1', true],
    ['127.0.0.1', false],
    ['169.254.169.254', false],
    ['172.15.255.255', true],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.0.2.1', false],
    ['192.168.0.1', false],
    ['198.18.0.1', false],
    ['203.0.113.10', false],
    ['224.0.0.1', false],
    ['239.255.255.250', false],
    ['240.0.0.1', false],
    ['255.255.255.255', false],
    ['1.1.1.1', true],
    ['93.184.215.14', true],
    ['::1', false],
    ['::', false],
    ['fc00::1', false],
    ['fdff:ffff::1', false],
    ['fe80::1', false],
    ['febf::1', false],
    ['::ffff:93.184.215.14', false],
    ['2606:4700::1111', true],
    ['2a00:1450:4001::200e', true],
    ['example.com', false],
  ])('%s public=%s', (addr, pub) => {
    expect(isPublicAddress(addr)).toBe(pub);
  });

  it('reads every inet_aton spelling of an IPv4 address', () => {
    expect(parseIPv4Loose('2130706433')).toEqual([127, 0, 0, 1]);
    expect(parseIPv4Loose('0177.0.0.1')).toEqual([127, 0, 0, 1]);
    expect(parseIPv4Loose('0x7f.1')).toEqual([127, 0, 0, 1]);
    expect(parseIPv4Loose('127.1')).toEqual([127, 0, 0, 1]);
    expect(parseIPv4Loose('127.0.1')).toEqual([127, 0, 0, 1]);
    expect(parseIPv4Loose('0xA9FEA9FE')).toEqual([169, 254, 169, 254]);
    expect(parseIPv4Loose('example.com')).toBeUndefined();
    expect(parseIPv4Loose('1.2.3.4.5')).toBeUndefined();
    expect(parseIPv4Loose('256.1.1.1')).toBeUndefined();
    expect(parseIPv4Loose('08.1.1.1')).toBeUndefined();
    // The same forms, refused even if something hands them over unnormalised.
    for (const s of ['2130706433', '0177.0.0.1', '0x7f.1', '127.1']) expect(refuseAddress(s)).toMatch(/private/);
  });

  it('parses IPv6 forms to bytes', () => {
    expect(Array.from(parseIPv6('::ffff:127.0.0.1') ?? [])).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 127, 0, 0, 1,
    ]);
    expect(Array.from(parseIPv6('[fe80::1]') ?? []).slice(0, 2)).toEqual([0xfe, 0x80]);
    expect(parseIPv6('fe80::1%eth0')).toBeUndefined();
    expect(parseIPv6('1.2.3.4')).toBeUndefined();
  });

  it('documents that the WHATWG URL parser normalises numeric hosts (the first line of defence)', () => {
    for (const h of ['2130706433', '0177.0.0.1', '0x7f.1', '127.1']) {
      expect(new URL(`https://${h}/`).hostname).toBe('127.0.0.1');
    }
  });
});
