/**
 * `bankdata portal user ...` (issue 15; docs/portal.md): the operator creates a partner's first
 * portal users, lists and disables them. A new user gets a one-time `setupUrl` (24 h) to choose a
 * password, or the password is read from `--password-file`.
 */
import { readFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import type { PortalRole } from '../db/schema.ts';
import { portalRoles } from '../portal/portal-roles.ts';
import { withServices } from './admin.ts';
import { examples, print, table, type OutputOptions } from './output.ts';
import { json, uuid } from './options.ts';

/** Adds the `portal` command group to `program`. */
export function addPortalCommands(program: Command): void {
  const portal = program
    .command('portal')
    .description("the partner portal's users ({BANKDATA_BASE_URL}/portal)")
    .addHelpText('after', examples('bankdata portal user create --partner <partnerId> --email dev@acme.example --role admin'));
  const user = portal.command('user').description('create, list and disable portal users').addHelpText('after', examples('bankdata portal user list --partner <partnerId>'));

  user
    .command('create')
    .description('create a portal user; prints a one-time set-up link (24 h) unless --password-file is given')
    .requiredOption('--partner <id>', 'partner id', uuid)
    .requiredOption('--email <address>', "the user's e-mail address (unique per partner)")
    .addOption(new Option('--role <role>', 'what the user may do').choices(portalRoles).default('developer'))
    .option('--password-file <file>', 'read the password from this file (first line) instead of a set-up link')
    .addOption(json())
    .addHelpText('after', examples('bankdata portal user create --partner <partnerId> --email dev@acme.example --role admin', 'bankdata portal user create --partner <partnerId> --email ops@acme.example --role viewer --password-file ./pw.txt --json'))
    .action((o: OutputOptions & { partner: string; email: string; role: PortalRole; passwordFile?: string }) =>
      withServices(o, async (s) => {
        const password = o.passwordFile !== undefined ? readFileSync(o.passwordFile, 'utf8').split(/\r?\n/)[0]! : undefined;
        const created = await s.portal.createUser({ partnerId: o.partner, email: o.email, role: o.role, ...(password !== undefined ? { password } : {}) });
        print(o, created, (r) =>
          [`Portal user ${r.userId} (${r.email}, ${r.role})`, r.setupUrl ? `Set-up link (once, until ${r.setupExpiresAt}): ${r.setupUrl}` : 'Password set; the user can sign in.'].join('\n'),
        );
      }),
    );

  user
    .command('list')
    .description("list a partner's portal users")
    .requiredOption('--partner <id>', 'partner id', uuid)
    .addOption(json())
    .addHelpText('after', examples('bankdata portal user list --partner <partnerId>', 'bankdata portal user list --partner <partnerId> --json'))
    .action((o: OutputOptions & { partner: string }) =>
      withServices(o, async (s) =>
        print(o, await s.portal.listUsers(o.partner), (users) =>
          users.length ? table(['USER ID', 'EMAIL', 'ROLE', 'STATE', 'CREATED'], users.map((u) => [u.userId, u.email, u.role, u.state, u.createdAt])) : 'No portal users.',
        ),
      ),
    );

  user
    .command('disable')
    .description('disable a portal user and end their sessions at once')
    .requiredOption('--user <id>', 'user id from "portal user list"', uuid)
    .addOption(json())
    .addHelpText('after', examples('bankdata portal user disable --user <userId>'))
    .action((o: OutputOptions & { user: string }) => withServices(o, async (s) => print(o, await s.portal.disableUser(o.user), (r) => `Disabled ${r.email} (${r.userId}); their sessions ended.`)));
}
