/**
 * `npm run live-demo` (issue 13 "Try it on one machine"; docs/live.md): live mode end to end
 * without a real bank. Starts the project's test bank (test/live/test-bank.ts) behind the Prism
 * contract gate (the official NextGenPSD2 1.3.11 file, --errors), starts the service (or reuses
 * one answering on PORT, default 3000), imports a live provider for the gate with `bankdata
 * providers import`, creates a partner with a live key, and prints the quickstart's curl walk for
 * live mode. Runs until Ctrl+C, then stops what it started.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrismGate } from '../test/live/prism-gate.ts';
import { TestBank } from '../test/live/test-bank.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'bin', 'bankdata.js');
const port = Number(process.env.PORT ?? 3000);
const base = process.env.BANKDATA_BASE_URL ?? `http://localhost:${port}`;
const children: ChildProcess[] = [];
/** Stops the gate and the bank when start-up fails half-way. */
let abandon: () => Promise<void> = async () => {};

/** True when a bankdata service answers at `base` (an unauthenticated call gets its 401 envelope). */
async function serviceAnswers(): Promise<boolean> {
  try {
    const reply = await fetch(`${base}/v1/partner/config`);
    return reply.status === 401;
  } catch {
    return false;
  }
}

/** Runs a bankdata CLI command with --json; answers its parsed output; throws on failure. */
function bankdata(...args: string[]): any {
  const run = spawnSync(process.execPath, [cli, ...args, '--json'], { cwd: root, encoding: 'utf8', env: process.env });
  if (run.status !== 0) {
    throw new Error(`bankdata ${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
  }
  return JSON.parse(run.stdout);
}

async function main(): Promise<void> {
  const bank = new TestBank({ port: Number(process.env.LIVE_DEMO_BANK_PORT ?? 0) });
  const bankUrl = await bank.start();
  const gate = new PrismGate(bankUrl);
  console.log(`Test bank (ASPSP) on ${bankUrl}; starting the Prism gate (official NextGenPSD2 1.3.11 file)...`);
  abandon = async () => {
    await gate.stop();
    await bank.stop();
  };
  await gate.start();
  console.log(`Prism gate on ${gate.url} (every request and answer is checked against the spec)`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    for (const child of children) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
    await gate.stop();
    await bank.stop();
    const violations = gate.violations();
    if (violations.length) console.log(`Prism reported ${violations.length} contract violation(s):\n${violations.map((v) => `  ${v.method} ${v.path}: ${v.detail}`).join('\n')}`);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  if (await serviceAnswers()) {
    console.log(`Reusing the bankdata service on ${base}`);
  } else {
    console.log(`Starting bankdata on ${base} (npm start)...`);
    const service = spawn(process.execPath, [cli, 'start'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { LOG_LEVEL: 'warn', ...process.env, BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS: 'true' } });
    children.push(service);
    service.once('exit', (code) => {
      if (!stopping) {
        console.error(`bankdata exited (${code})`);
        void stop();
      }
    });
    for (let i = 0; !(await serviceAnswers()); i++) {
      if (i > 600) throw new Error('bankdata did not start within 5 minutes');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  const dir = mkdtempSync(join(tmpdir(), 'bankdata-live-demo-'));
  const catalog = join(dir, 'catalog.json');
  writeFileSync(
    catalog,
    JSON.stringify(
      [{ code: 'cz_testbank', name: 'Test Bank CZ (Prism-gated)', countryCode: 'CZ', bicCodes: ['TESTCZPP'], timeZone: 'Europe/Prague', connector: 'berlin-group', xs2a: { baseUrl: gate.url, consentModel: 'allAccounts', frequencyPerDay: 4 } }],
      null,
      2,
    ),
  );
  bankdata('providers', 'import', catalog);
  const partner = bankdata('partner', 'create', '--name', 'Live Demo', '--capabilities', 'refresh,reconnect', '--return-url-pattern', 'http://localhost:*/*');
  const key = bankdata('key', 'create', '--partner', partner.partnerId, '--mode', 'live');
  console.log(`Imported cz_testbank from ${catalog}; partner ${partner.partnerId}; live key ${key.keyId}.`);
  console.log(walk(key.apiKey));
  console.log('Running until Ctrl+C.');
}

/** The quickstart's curl walk with a live key against the gated test bank. */
function walk(apiKey: string): string {
  return `
In another terminal (POSIX shell):

export BASE=${base}
export KEY=${apiKey}
json() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=eval("("+s+")"+process.argv[1]);console.log(typeof v==="string"?v:JSON.stringify(v))})' "$1"; }

# 1. The key is live; live keys see only live providers
curl -s -H "X-Api-Key: $KEY" "$BASE/v1/partner/config"
PROVIDER_ID=$(curl -s -H "X-Api-Key: $KEY" "$BASE/v1/providers?country=CZ&search=test" | json '.data[0].id')

# 2. A client for the end user
CLIENT_ID=$(curl -s -H "X-Api-Key: $KEY" -H 'Content-Type: application/json' \\
  -d '{"email":"jana@example.cz","countryCode":"CZ","externalId":"user-42"}' "$BASE/v1/clients" | json '.id')

# 3. Connect: live banks need the user's IP address (psuIpAddress; without it redirectUrl opens on the service first)
CONNECTION=$(curl -s -H "X-Api-Key: $KEY" -H "X-Client-Id: $CLIENT_ID" -H 'Content-Type: application/json' \\
  -d "{\\"providerId\\":\\"$PROVIDER_ID\\",\\"returnUrl\\":\\"http://localhost:8080/bank-done\\",\\"psuIpAddress\\":\\"203.0.113.7\\"}" \\
  "$BASE/v1/connections")
CONNECTION_ID=$(echo "$CONNECTION" | json '.connectionId'); REDIRECT=$(echo "$CONNECTION" | json '.redirectUrl')
echo "Open $REDIRECT in a browser and click Approve, or approve without a browser:"
CALLBACK=$(curl -s -o /dev/null -w '%{redirect_url}' "$REDIRECT?approve=1"); curl -s -o /dev/null -w '%{redirect_url}\\n' "$CALLBACK"

# 4. Pending while accounts and transactions download (over 3 bank pages), then Active
for i in $(seq 1 60); do
  STATE=$(curl -s -H "X-Api-Key: $KEY" -H "X-Client-Id: $CLIENT_ID" "$BASE/v1/connections/$CONNECTION_ID" | json '.state')
  [ "$STATE" != Pending ] && break; sleep 0.5
done; echo "$STATE"

# 5. Accounts and transactions
curl -s -H "X-Api-Key: $KEY" -H "X-Client-Id: $CLIENT_ID" "$BASE/v1/connections/$CONNECTION_ID/accounts"
ACCOUNT_ID=$(curl -s -H "X-Api-Key: $KEY" -H "X-Client-Id: $CLIENT_ID" "$BASE/v1/connections/$CONNECTION_ID/accounts" | json '.find(a => a.type === "CurrentAccount").id')
curl -s -H "X-Api-Key: $KEY" -H "X-Client-Id: $CLIENT_ID" "$BASE/v1/accounts/$ACCOUNT_ID/transactions?limit=5"

# 6. A background refresh (counts against the bank's 4 a day), and the metered usage
curl -s -X POST -H "X-Api-Key: $KEY" -H "X-Client-Id: $CLIENT_ID" "$BASE/v1/connections/$CONNECTION_ID/refresh"
curl -s -H "X-Api-Key: $KEY" "$BASE/v1/partner/usage"
`;
}

main().catch(async (error: Error) => {
  console.error(error.message);
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await abandon();
  process.exit(1);
});
