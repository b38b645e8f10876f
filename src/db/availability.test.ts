import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, OutageLog } from './availability.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a database that cannot be reached', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'all failed'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('read ECONNRESET', 'ECONNRESET') }))).toBe(true);
  });

  it('leaves statement errors alone', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('insert or update violates foreign key constraint', '23503'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'state')"))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('OutageLog', () => {
  it('logs the first failure of an outage and the recovery, once each', () => {
    const lines: string[] = [];
    const log = new OutageLog('the job queue', (line) => lines.push(line));
    log.succeeded();
    log.failed(new Error('connect ECONNREFUSED'));
    log.failed(new Error('connect ECONNREFUSED'));
    log.succeeded();
    log.succeeded();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^database unreachable for the job queue \(connect ECONNREFUSED\)/);
    expect(lines[1]).toMatch(/^database reachable again for the job queue after \d+\.\d s$/);
  });
});
