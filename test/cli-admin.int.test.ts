/**
 * Issue 19, the CLI an operator enjoys: `partner create` prints the key id and warns about what a
 * partner without capabilities or return-URL patterns cannot do; `key revoke` of a revoked key
 * exits 0 and says so; list commands print a header row; `webhook rotate-secret` warns when it
 * cuts short an earlier secret; every command's --help shows an example. Runs the real
 * `bankdata` binary against a fresh database (DATABASE_URL).
 */
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { program } from '../src/cli/main.ts';
import { cloneTemplate, TEST_SECRET_KEY } from './helpers/app.ts';
import { bankdataCommand } from './helpers/bankdata-process.ts';

let databaseUrl = '';
const bankdata = (...args: string[]) => bankdataCommand('./.bankdata-unused', args, { DATABASE_URL: databaseUrl, BANKDATA_SECRET_KEY: TEST_SECRET_KEY });

beforeAll(async () => {
  databaseUrl = await cloneTemplate();
});

describe('bankdata CLI for operators', () => {
  let partnerId = '';
  let keyId = '';

  it('partner create prints the key id and warns what a partner without capabilities or return-URL patterns cannot do', async () => {
    const created = await bankdata('partner', 'create', '--name', 'Bare');
    expect(created.code).toBe(0);
    const [, id] = /^Partner (\S+)$/m.exec(created.stdout)!;
    const [, key] = /^Sandbox API key (\S+) \(shown once\): svc_test_\S+$/m.exec(created.stdout)!;
    partnerId = id!;
    keyId = key!;
    expect(created.stderr).toMatch(/warning: the partner has no capabilities: refresh and reconnect answer 403 capability_disabled/);
    expect(created.stderr).toMatch(/warning: the partner has no return-URL patterns: every connect session is refused/);
    expect(created.stderr).toContain(`bankdata partner set --partner ${partnerId}`);

    const configured = await bankdata('partner', 'create', '--name', 'Configured', '--capabilities', 'refresh', '--return-url-pattern', 'https://acme.example/*', '--json');
    expect(configured.code).toBe(0);
    expect(configured.stderr).not.toContain('warning');
    expect(JSON.parse(configured.stdout)).toMatchObject({ keyId: expect.any(String), warnings: [] });
  });

  it('key list prints a header row; key revoke of an already revoked key exits 0 and says so', async () => {
    const listed = await bankdata('key', 'list', '--partner', partnerId);
    expect(listed.stderr).toBe('');
    const [header, row] = listed.stdout.trim().split('\n');
    expect(header).toMatch(/^KEY ID\s+MODE\s+HINT\s+PARTNER\s+CREATED\s+STATE\s+LAST USED\s+LABEL$/);
    expect(row).toMatch(new RegExp(`^${keyId}\\s+sandbox\\s+…\\w{4}\\s+${partnerId}\\s+\\S+\\s+active\\s+-\\s+-$`));

    const first = await bankdata('key', 'revoke', keyId);
    expect(first).toMatchObject({ code: 0, stdout: `Revoked ${keyId}\n` });
    const again = await bankdata('key', 'revoke', keyId);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^Key ${keyId} was already revoked \\(at \\S+\\); nothing changed\\.`));
    const againJson = await bankdata('key', 'revoke', keyId, '--json');
    expect(JSON.parse(againJson.stdout)).toMatchObject({ keyId, alreadyRevoked: true, revoked: true });

    const unknown = await bankdata('key', 'revoke', '00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/not found/i);
  });

  it('webhook deliveries prints a header row', async () => {
    await bankdata('webhook', 'set', '--partner', partnerId, '--url', 'http://127.0.0.1:9/hooks');
    const none = await bankdata('webhook', 'deliveries', '--partner', partnerId);
    expect(none.stdout).toBe('No deliveries.\n');
  });

  it('webhook rotate-secret warns when it ends an earlier secret before its announced time', async () => {
    const first = await bankdata('webhook', 'rotate-secret', '--partner', partnerId, '--overlap', '24h');
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    const second = await bankdata('webhook', 'rotate-secret', '--partner', partnerId, '--overlap', '24h', '--json');
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/warning: a secret from an earlier rotation was announced to sign until \S+ and stopped signing now/);
    expect(JSON.parse(second.stdout).endedEarly).toHaveLength(1);
  });

  it("every command's --help shows an example", () => {
    const all = (command: Command): Command[] => [command, ...command.commands.flatMap(all)];
    const commands = all(program);
    expect(commands.map((c) => c.name())).toEqual(expect.arrayContaining(['start', 'serve', 'worker', 'migrate', 'url', 'backup', 'restore', 'create', 'revoke', 'rotate-secret']));
    for (const command of commands) {
      let help = '';
      command.configureOutput({ writeOut: (text) => (help += text) });
      command.outputHelp();
      expect(help, command.name()).toMatch(/\nExamples?:\n {2}\$ (bankdata|psql|PORT=|DATABASE_URL=|BANKDATA_[A-Z_]+=)/);
    }
  });
});
