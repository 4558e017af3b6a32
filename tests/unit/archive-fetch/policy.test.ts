import { HttpStatusError, SizeCapError } from '../../../shared/archive/fetch/download';
import { isRetryable } from '../../../shared/archive/fetch/fetch-url';
import { NetworkError } from '../../../shared/archive/fetch/http';
import { fileNameFor } from '../../../shared/archive/fetch/names';
import { checkRedirect, checkUrl } from '../../../shared/archive/fetch/policy';

describe('URL policy', () => {
  it('allows https and refuses plain http unless the host is allowed', () => {
    expect(checkUrl('https://oig.hhs.gov/x.csv', {}).href).toBe('https://oig.hhs.gov/x.csv');
    expect(() => checkUrl('http://oig.hhs.gov/x.csv', {})).toThrow(/plain http is not allowed/);
    expect(checkUrl('http://127.0.0.1:9/x', { allowInsecureHosts: ['127.0.0.1'] }).host).toBe('127.0.0.1:9');
  });

  it.each(['ftp://host/x', 'file:///etc/passwd', 'data:text/plain,hi', 'https://user:pw@host/x', 'not a url'])(
    'refuses %s',
    (u) => {
      expect(() => checkUrl(u, { allowInsecureHosts: ['host'] })).toThrow();
    },
  );

  it('never follows a redirect from https to http, even to an allowed host', () => {
    const from = new URL('https://127.0.0.1/a');
    expect(() => checkRedirect(from, 'http://127.0.0.1/b', { allowInsecureHosts: ['127.0.0.1'] })).toThrow(
      /changes scheme/,
    );
  });

  it('resolves relative redirects against the current URL and requires a Location', () => {
    const from = new URL('https://www.cms.gov/files/zip/a.zip');
    expect(checkRedirect(from, '../b/c.zip', {}).href).toBe('https://www.cms.gov/files/b/c.zip');
    expect(() => checkRedirect(from, undefined, {})).toThrow(/without a Location/);
  });
});

describe('file names of downloads', () => {
  const url = new URL('https://www.cms.gov/files/zip/medicare-ncci-2026q3-mue.zip?x=1');
  it.each([
    [undefined, 'medicare-ncci-2026q3-mue.zip'],
    ['attachment; filename="UPDATED.csv"', 'UPDATED.csv'],
    ["attachment; filename=fallback.csv; filename*=UTF-8''DME%20Rural%20ZIP.csv", 'DME Rural ZIP.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
  ])('Content-Disposition %s -> %s', (disposition, name) => {
    expect(fileNameFor(disposition, url, 'src')).toBe(name);
  });

  it('falls back to the source id when neither header nor URL names the file', () => {
    expect(fileNameFor(undefined, new URL('https://data.medicaid.gov/'), 'medicaid_nadac')).toBe(
      'medicaid_nadac-download',
    );
  });
});

describe('retry classification', () => {
  it.each([
    [new HttpStatusError(503, 'u'), true],
    [new HttpStatusError(429, 'u'), true],
    [new HttpStatusError(404, 'u'), false],
    [new NetworkError('reset', 'ECONNRESET'), true],
    [Object.assign(new Error('aborted'), { code: 'ECONNRESET' }), true],
    [new SizeCapError(10, 'u'), false],
    [new Error('bad zip'), false],
  ])('%s -> %s', (err, retryable) => {
    expect(isRetryable(err)).toBe(retryable);
  });
});
