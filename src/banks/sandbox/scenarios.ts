/**
 * Sandbox test users (DESIGN.md §7): the username picks the scenario; a `+anything` suffix makes
 * a distinct user with the same scenario and different data (`user_ok+2`).
 */
export type Scenario = 'ok' | 'fail' | 'cancel' | 'slow' | 'reauth' | 'presence' | 'many' | 'empty' | 'error';

export interface TestUser {
  username: string;
  scenario: Scenario;
  /** For `error.<code>`: the bank error every data call fails with. */
  errorCode?: string;
}

export const testUsers: { username: string; description: string }[] = [
  { username: 'user_ok', description: 'authorizes; accounts and 90 days of transactions download' },
  { username: 'user_fail', description: 'the bank rejects the login (connection Disabled)' },
  { username: 'user_cancel', description: 'the user cancels at the bank (connection Disabled)' },
  { username: 'user_slow', description: 'authorizes; the download takes about a minute, with progress' },
  { username: 'user_reauth', description: 'authorizes; every refresh demands re-authentication' },
  { username: 'user_presence', description: 'authorizes; refresh answers background_refresh_not_allowed' },
  { username: 'user_many', description: 'authorizes with 100 accounts' },
  { username: 'user_empty', description: 'authorizes; accounts without transactions' },
  { username: 'error.<code>', description: 'authorizes; data calls fail with that bank error, e.g. error.bank_unavailable' },
];

/** The scenario of a username, or null for one the sandbox bank does not know. */
export function parseTestUser(raw: string): TestUser | null {
  const username = raw.trim().toLowerCase();
  const base = username.split('+')[0]!;
  const error = /^error\.([a-z0-9_]{1,64})$/.exec(base);
  if (error) return { username, scenario: 'error', errorCode: error[1] };
  const match = /^user_(ok|fail|cancel|slow|reauth|presence|many|empty)$/.exec(base);
  return match ? { username, scenario: match[1] as Scenario } : null;
}
