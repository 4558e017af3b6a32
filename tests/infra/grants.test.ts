import { GROUP_GRANTS } from '../../infra/grants';
import { JOBS } from '../../infra/jobs';
import { loadRoutes } from '../../infra/manifest';
import { namesFor } from '../../infra/naming';
import { accessFor } from '../../shared/auth/policy';
import { parseConfig } from '../../shared/config';
import { TABLE_KINDS } from '../../shared/storage/table-specs';
import {
  environmentOf,
  everyGrantedGroup,
  type FlatStatement,
  type Synth,
  statementsOf,
  synth,
  UNNAMED,
} from './synth';

/** Least privilege, read from the synthesized policies, over every entry of the grant matrix. */
const WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem', 'dynamodb:DeleteItem'];

describe('grants: each Lambda reaches only what it uses', () => {
  let s: Synth;
  const names = namesFor('warrant-test');
  const tableArn = (kind: string) => `:table/${names.table(kind as never)}`;
  const templateOf = (fn: string) => ((JOBS as readonly string[]).includes(fn) ? s.jobs : s.api);
  const policy = (fn: string): FlatStatement[] => statementsOf(templateOf(fn), names.fn(fn));
  const touching = (stmts: FlatStatement[], fragment: string) =>
    stmts.filter((st) => st.resources.some((r) => r.includes(fragment)));
  const actionsOn = (fn: string, fragment: string) => touching(policy(fn), fragment).flatMap((st) => st.actions);

  beforeAll(() => {
    s = synth({ routes: everyGrantedGroup() });
  });
  afterAll(() => s.cleanup());

  it('never grants a wildcard action, a delete on the bucket, or access to every resource', () => {
    for (const fn of [...s.groups, ...JOBS]) {
      for (const st of policy(fn)) {
        expect(
          st.actions.filter((a) => a.endsWith('*') || a === 's3:DeleteObject' || a.startsWith('s3:Delete')),
        ).toEqual([]);
        expect(st.resources).not.toContain('*');
      }
    }
    const everything = JSON.stringify(s.all.map((t) => t.toJSON()));
    expect(everything).not.toContain('s3:DeleteObject');
  });

  it('every function starts under the configuration it is deployed with, and refuses it without an injected secret', () => {
    // Secrets and the API's URL are CloudFormation references at synth; a value of a valid shape
    // stands in for each, as the resolved one would on Lambda.
    const placeholder: Record<string, string> = {
      WEBHOOK_SECRET_KEY: 'k'.repeat(43),
      PUBLIC_BASE_URL: 'https://api.example.com',
      MCP_UPSTREAM_URL: 'https://abc123.execute-api.us-east-1.amazonaws.com',
    };
    const resolved = (env: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(env).map(([k, v]) => [
          k,
          typeof v === 'string' && !v.startsWith('{{resolve:')
            ? v
            : (placeholder[k] ?? 'resolved-secret-placeholder-value'),
        ]),
      );
    let refusals = 0;
    for (const fn of [...s.groups, ...JOBS]) {
      const env = resolved(environmentOf(templateOf(fn), names.fn(fn)));
      expect(() => parseConfig(env)).not.toThrow();
      for (const secret of ['API_KEY_PEPPER', 'WEBHOOK_SECRET_KEY'].filter((k) => k in env)) {
        const { [secret]: _dropped, ...without } = env;
        expect(() => parseConfig(without)).toThrow(new RegExp(`${secret}: required on AWS storage`));
        refusals++;
      }
    }
    expect(refusals).toBeGreaterThan(3);
  });

  it('the delivery job cannot read API keys', () => {
    expect(actionsOn('delivery', tableArn('keys'))).toEqual([]);
    expect(environmentOf(s.jobs, names.fn('delivery'))).not.toHaveProperty('TABLE_KEYS');
    expect(environmentOf(s.jobs, names.fn('delivery'))).not.toHaveProperty('API_KEY_PEPPER');
    expect(actionsOn('delivery', tableArn('subscriptions'))).toEqual(expect.arrayContaining(['dynamodb:UpdateItem']));
    expect(actionsOn('delivery', tableArn('archive'))).toEqual(expect.arrayContaining(['dynamodb:Query']));
    expect(actionsOn('delivery', tableArn('archive'))).not.toEqual(expect.arrayContaining(['dynamodb:PutItem']));
  });

  it('the delivery job reads (never writes) the facts LOADED markers that settle pending changes', () => {
    const facts = actionsOn('delivery', tableArn('facts'));
    expect(facts).toEqual(expect.arrayContaining(['dynamodb:BatchGetItem']));
    expect(facts.filter((a) => WRITES.includes(a))).toEqual([]);
    expect(environmentOf(s.jobs, names.fn('delivery'))).toHaveProperty('TABLE_FACTS', names.table('facts'));
  });

  it('the warrant group reads facts and archive items but cannot write the archive or touch the bucket', () => {
    const archive = actionsOn('warrant', tableArn('archive'));
    expect(archive).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
    expect(archive.filter((a) => WRITES.includes(a))).toEqual([]);
    expect(actionsOn('warrant', tableArn('facts')).filter((a) => WRITES.includes(a))).toEqual([]);
    expect(actionsOn('warrant', tableArn('facts'))).toContain('dynamodb:Query');
    expect(touching(policy('warrant'), ':s3:::')).toEqual([]);
  });

  it('the archive group reads original bytes and text renderings (presigned links), nothing else of the bucket', () => {
    const bucket = touching(policy('archive'), ':s3:::');
    expect(bucket.flatMap((st) => st.actions)).toEqual(['s3:GetObject']);
    expect(bucket.flatMap((st) => st.resources).map((r) => r.replace(/^.*\}\//, ''))).toEqual(['files/*', 'text/*']);
  });

  it('follows the access policy: keyed routes can check keys and count usage, admin routes get the admin key', () => {
    const byGroup = new Map<string, string[]>();
    for (const r of loadRoutes()) {
      const levels = byGroup.get(r.group) ?? [];
      levels.push(accessFor(r.method, r.path).level);
      byGroup.set(r.group, levels);
    }
    for (const [group, levels] of byGroup) {
      const env = environmentOf(s.api, names.fn(group));
      const keyed = levels.some((l) => l !== 'public' && l !== 'admin');
      const keys = actionsOn(group, tableArn('keys'));
      if (keyed) {
        expect({ group, keys }).toEqual({
          group,
          keys: expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:UpdateItem']),
        });
        expect(env).toHaveProperty('API_KEY_PEPPER');
      }
      if (levels.includes('admin')) expect({ group, admin: 'ADMIN_API_KEY' in env }).toEqual({ group, admin: true });
      else expect({ group, admin: 'ADMIN_API_KEY' in env }).toEqual({ group, admin: false });
      if (!keyed && !levels.includes('admin')) expect({ group, keys }).toEqual({ group, keys: [] });
    }
  });

  it('only the fetch job writes the archive table and the bucket, under files/ and text/ only', () => {
    for (const fn of [...s.groups, ...JOBS]) {
      const archiveWrites = actionsOn(fn, tableArn('archive')).filter((a) => WRITES.includes(a));
      const puts = policy(fn).filter((st) => st.actions.includes('s3:PutObject'));
      if (fn === 'fetch') {
        expect(archiveWrites).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem']));
        expect(puts.flatMap((st) => st.resources).map((r) => r.replace(/^.*\}\//, ''))).toEqual(['files/*', 'text/*']);
      } else {
        expect({ fn, archiveWrites, puts }).toEqual({ fn, archiveWrites: [], puts: [] });
      }
    }
  });

  it('the signing key is readable by the signing groups only, by name, with nothing wider', () => {
    const secret = `:secret:${s.context.signingKeySecretName}-??????`;
    for (const fn of [...s.groups, ...JOBS]) {
      const reads = touching(policy(fn), secret);
      const env = environmentOf(templateOf(fn), names.fn(fn));
      if (GROUP_GRANTS[fn]?.signingKey) {
        expect(reads.flatMap((st) => st.actions)).toEqual(['secretsmanager:GetSecretValue']);
        expect(env).toMatchObject({
          SIGNING_KEY_SOURCE: 'secret',
          SIGNING_KEY_SECRET_ID: s.context.signingKeySecretName,
        });
      } else {
        expect({ fn, reads }).toEqual({ fn, reads: [] });
        expect(env.SIGNING_KEY_SOURCE).toBe('none');
      }
    }
  });

  it("a function's table variables name exactly the tables its policy reaches", () => {
    for (const fn of [...s.groups, ...JOBS]) {
      const env = environmentOf(templateOf(fn), names.fn(fn));
      const fromEnv = TABLE_KINDS.filter((k) => env[`TABLE_${k.toUpperCase()}`] === names.table(k));
      const fromPolicy = TABLE_KINDS.filter((k) => actionsOn(fn, `${tableArn(k)}/index/*`).length > 0);
      expect({ fn, tables: fromEnv }).toEqual({ fn, tables: fromPolicy });
    }
  });

  it('a group not named in the matrix gets the default: catalog, facts and archive read, keys for auth', () => {
    expect(actionsOn(UNNAMED, tableArn('catalog')).filter((a) => WRITES.includes(a))).toEqual([]);
    expect(actionsOn(UNNAMED, tableArn('catalog'))).toContain('dynamodb:Query');
    expect(actionsOn(UNNAMED, tableArn('subscriptions'))).toEqual([]);
    expect(touching(policy(UNNAMED), ':s3:::')).toEqual([]);
  });

  it('the hospitals group (cost reports) reads the catalog, archive and facts, checks keys, and writes no data or bucket', () => {
    expect(s.groups).toContain('hospitals');
    expect(actionsOn('hospitals', tableArn('catalog'))).toEqual(
      expect.arrayContaining(['dynamodb:BatchGetItem', 'dynamodb:Query']),
    );
    for (const kind of ['catalog', 'archive', 'facts'])
      expect(actionsOn('hospitals', tableArn(kind)).filter((a) => WRITES.includes(a))).toEqual([]);
    expect(actionsOn('hospitals', tableArn('keys'))).toContain('dynamodb:UpdateItem');
    expect(actionsOn('hospitals', tableArn('subscriptions'))).toEqual([]);
    expect(touching(policy('hospitals'), ':s3:::')).toEqual([]);
  });

  it('the meta group may read the delivery schedule and nothing of the scheduler beyond it', () => {
    const stmts = policy('meta').filter((st) => st.actions.some((a) => a.startsWith('scheduler:')));
    expect(stmts.flatMap((st) => st.actions)).toEqual(['scheduler:GetSchedule']);
    expect(stmts.flatMap((st) => st.resources)).toEqual([
      expect.stringMatching(new RegExp(`:schedule/${names.scheduleGroup}/${names.deliverySchedule}$`)),
    ]);
  });
});
