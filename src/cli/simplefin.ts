/**
 * `bankdata simplefin ...` (issue 21; docs/simplefin.md): mint a SimpleFIN setup token for a
 * partner's client, list and revoke the client's access URLs. The client's mode is its own.
 */
import type { Command } from 'commander';
import type { AccessView } from '../modules/simplefin/simplefin.service.ts';
import { withServices } from './admin.ts';
import { examples, print, type OutputOptions } from './output.ts';
import { json, uuid } from './options.ts';

type ClientFlags = OutputOptions & { partner: string; client: string };

const accessLines = (accesses: AccessView[]) => accesses.map((a) => `${a.id}  claimed ${a.createdAt}  ${a.revokedAt ? `revoked ${a.revokedAt}` : 'active'}`).join('\n') || 'No SimpleFIN access.';

/** Adds the `simplefin` command group to `program`. */
export function addSimplefinCommands(program: Command): void {
  const simplefin = program
    .command('simplefin')
    .description("SimpleFIN bridge: setup tokens and access URLs for a client's budgeting app")
    .addHelpText('after', examples('bankdata simplefin token --partner <partnerId> --client <clientId>'));
  const withClient = (command: Command) => command.requiredOption('--partner <id>', 'partner id', uuid).requiredOption('--client <id>', 'client id', uuid).addOption(json());

  withClient(simplefin.command('token').description('mint a setup token (valid 24 h, claimable once) to paste into a SimpleFIN app'))
    .addHelpText('after', examples('bankdata simplefin token --partner <partnerId> --client <clientId>'))
    .action((o: ClientFlags) =>
    withServices(o, async (s) => print(o, await s.simplefin.mintSetupTokenFor(o.partner, o.client), (r) => `SimpleFIN setup token (claimable once, until ${r.expiresAt}):\n${r.setupToken}`)),
  );

  const access = simplefin
    .command('access')
    .description("list or revoke a client's SimpleFIN access URLs")
    .addHelpText('after', examples('bankdata simplefin access list --partner <partnerId> --client <clientId>'));
  withClient(access.command('list').description('list the access URLs claimed for the client (never the URLs)'))
    .addHelpText('after', examples('bankdata simplefin access list --partner <partnerId> --client <clientId> --json'))
    .action((o: ClientFlags) =>
    withServices(o, async (s) => print(o, await s.simplefin.listAccessFor(o.partner, o.client), accessLines)),
  );
  withClient(access.command('revoke').description('revoke one access URL (--access) or all of them and the unclaimed setup tokens'))
    .option('--access <id>', 'only this access', uuid)
    .addHelpText('after', examples('bankdata simplefin access revoke --partner <partnerId> --client <clientId> --access <accessId>'))
    .action((o: ClientFlags & { access?: string }) => withServices(o, async (s) => print(o, await s.simplefin.revokeAccessFor(o.partner, o.client, o.access ?? null), (r) => `Revoked:\n${accessLines(r)}`)));
}
