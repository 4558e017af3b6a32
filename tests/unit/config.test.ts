import { ConfigError, parseConfig } from '../../shared/config';

describe('parseConfig', () => {
  it('applies defaults for local mode', () => {
    const c = parseConfig({});
    expect(c.storage).toBe('local');
    expect(c.port).toBe(8787);
    expect(c.tables.archive).toBe('ws-archive');
    expect(c.publicBaseUrl).toBe('http://localhost:8787');
    expect(c.signing.source).toBe('file');
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.tables)).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ STORAGE: 'disk' }, 'STORAGE'],
    [{ ARCHIVE_BUCKET: 'Bad_Bucket' }, 'ARCHIVE_BUCKET'],
    [{ PUBLIC_BASE_URL: 'ftp://x' }, 'PUBLIC_BASE_URL'],
    [{ SIGNING_KEY_SOURCE: 'secret' }, 'SIGNING_KEY_SECRET_ID'],
    [{ ADMIN_API_KEY: 'short' }, 'ADMIN_API_KEY'],
    [{ SIGNING_PREVIOUS_PUBLIC_KEYS: 'not-a-key' }, 'SIGNING_PREVIOUS_PUBLIC_KEYS'],
  ])('names the bad variable in %j', (env, variable) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    try {
      parseConfig(env);
    } catch (e) {
      expect((e as ConfigError).variable).toBe(variable);
      expect((e as Error).message).toContain(variable);
    }
  });

  const SECRETS = { API_KEY_PEPPER: 'p'.repeat(32), WEBHOOK_SECRET_KEY: 'k'.repeat(43) };

  it('on AWS signs nothing unless a key source is configured', () => {
    expect(parseConfig({ STORAGE: 'aws', ...SECRETS }).signing.source).toBe('none');
  });

  describe('on AWS storage, refuses to start without the production secrets (issue 17 point 5)', () => {
    const variableOf = (env: Record<string, string>) => {
      try {
        parseConfig(env);
        return undefined;
      } catch (e) {
        return (e as ConfigError).variable;
      }
    };

    it('with every table in reach (TABLE_PREFIX only), both are required', () => {
      expect(variableOf({ STORAGE: 'aws' })).toBe('API_KEY_PEPPER');
      expect(variableOf({ STORAGE: 'aws', API_KEY_PEPPER: SECRETS.API_KEY_PEPPER })).toBe('WEBHOOK_SECRET_KEY');
      expect(variableOf({ STORAGE: 'aws', WEBHOOK_SECRET_KEY: SECRETS.WEBHOOK_SECRET_KEY })).toBe('API_KEY_PEPPER');
      expect(variableOf({ STORAGE: 'aws', ...SECRETS })).toBeUndefined();
    });

    it('with named tables, each secret is required where its table is (as the CDK grants them)', () => {
      expect(variableOf({ STORAGE: 'aws', TABLE_KEYS: 'x-keys', TABLE_ARCHIVE: 'x-archive' })).toBe('API_KEY_PEPPER');
      expect(
        variableOf({ STORAGE: 'aws', TABLE_SUBSCRIPTIONS: 'x-subs', API_KEY_PEPPER: SECRETS.API_KEY_PEPPER }),
      ).toBe('WEBHOOK_SECRET_KEY');
      // The fetch job: archive and facts only, neither secret.
      expect(variableOf({ STORAGE: 'aws', TABLE_ARCHIVE: 'x-archive', TABLE_FACTS: 'x-facts' })).toBeUndefined();
    });

    it('local storage needs neither', () => {
      expect(variableOf({})).toBeUndefined();
      expect(variableOf({ TABLE_KEYS: 'x-keys' })).toBeUndefined();
    });
  });
});
