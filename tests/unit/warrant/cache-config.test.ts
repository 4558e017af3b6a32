import { ConfigError, parseConfig } from '../../../shared/config';

/** Issue 16, point 1: the warrant caches are sized and timed in config, checked once at start. */
describe('warrant cache configuration', () => {
  it('defaults to a fact cache of 20 000 entries and 64 MB, and a 1 s timeline TTL', () => {
    expect(parseConfig({}).warrantCache).toEqual({
      factEntries: 20_000,
      factBytes: 64 * 1024 * 1024,
      timelineTtlMs: 1_000,
    });
  });

  it('accepts 0 (cache off, timelines read on every request)', () => {
    const c = parseConfig({
      WARRANT_FACT_CACHE_ENTRIES: '0',
      WARRANT_TIMELINE_TTL_MS: '0',
      WARRANT_FACT_CACHE_MB: '1',
    });
    expect(c.warrantCache).toEqual({ factEntries: 0, factBytes: 1024 * 1024, timelineTtlMs: 0 });
  });

  it.each([
    ['WARRANT_FACT_CACHE_ENTRIES', '-1', 'at least 0'],
    ['WARRANT_FACT_CACHE_ENTRIES', '2.5', 'a whole number of entries'],
    ['WARRANT_FACT_CACHE_ENTRIES', 'lots', 'a whole number of entries'],
    ['WARRANT_FACT_CACHE_ENTRIES', '2000000', 'at most 1000000 entries'],
    ['WARRANT_FACT_CACHE_MB', '0', 'at least 1 MB'],
    ['WARRANT_FACT_CACHE_MB', 'big', 'a whole number of megabytes'],
    ['WARRANT_FACT_CACHE_MB', '5000', 'at most 4096 MB'],
    ['WARRANT_TIMELINE_TTL_MS', '-5', 'at least 0'],
    ['WARRANT_TIMELINE_TTL_MS', '1.5', 'a whole number of milliseconds'],
    ['WARRANT_TIMELINE_TTL_MS', '60000', 'at most 5000 ms'],
  ])('rejects %s=%s naming the variable (%s)', (variable, value, message) => {
    let error: unknown;
    try {
      parseConfig({ [variable]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as Error).message).toContain(`Invalid configuration: ${variable}: `);
    expect((error as Error).message).toContain(message);
  });
});
