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

  it('on AWS signs nothing unless a key source is configured', () => {
    expect(parseConfig({ STORAGE: 'aws' }).signing.source).toBe('none');
  });
});
