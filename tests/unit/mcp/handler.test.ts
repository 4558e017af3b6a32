/** The mcp Lambda serves /mcp alone: without the endpoint its tool calls go to, it refuses to start. */
describe('functions/mcp/handler', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('refuses to start without MCP_UPSTREAM_URL, and starts with it', () => {
    process.env = { ...saved, STORAGE: 'aws', TABLES: 'none', SIGNING_KEY_SOURCE: 'none', LOG_LEVEL: 'silent' };
    delete process.env.MCP_UPSTREAM_URL;
    jest.isolateModules(() => {
      expect(() => require('../../../functions/mcp/handler')).toThrow(/MCP_UPSTREAM_URL: the API endpoint/);
    });
    process.env.MCP_UPSTREAM_URL = 'https://abc123.execute-api.us-east-1.amazonaws.com';
    jest.isolateModules(() => {
      expect(typeof (require('../../../functions/mcp/handler') as { handler: unknown }).handler).toBe('function');
    });
  });
});
