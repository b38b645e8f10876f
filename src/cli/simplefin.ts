/**
 * `bankdata simplefin ...` (issue 21; docs/simplefin.md): mint a SimpleFIN setup token for a
 * partner's client, list and revoke the client's access URLs. The client's mode is its own.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { isUuid } from '../lib/ids.ts';
import type { AccessView } from '../modules/simplefin/simplefin.service.ts';
import { withServices } from './admin.ts';
import { print, type OutputOptions } from './output.ts';

type ClientFlags = OutputOptions & { partner: string; client: string };

const uuid = (value: string) => {
  if (!isUuid(value)) throw new InvalidArgumentError('expected a UUID');
  return value;
};

const accessLines = (accesses: AccessView[]) => accesses.map((a) => `${a.id}  claimed ${a.createdAt}  ${a.revokedAt ? `revoked ${a.revokedAt}` : 'active'}`).join('\n') || 'No SimpleFIN access.';

/** Adds the `simplefin` command group to `program`. */
export function addSimplefinCommands(program: Command): void {
  const simplefin = program.command('simplefin').description("SimpleFIN bridge: setup tokens and access URLs for a client's budgeting app");
  const withClient = (command: Command) => command.requiredOption('--partner <id>', 'partner id', uuid).requiredOption('--client <id>', 'client id', uuid).addOption(new Option('--json', 'print machine-readable JSON'));

  withClient(simplefin.command('token').description('mint a setup token (valid 24 h, claimable once) to paste into a SimpleFIN app')).action((o: ClientFlags) =>
    withServices(o, async (s) => print(o, await s.simplefin.mintSetupTokenFor(o.partner, o.client), (r) => `SimpleFIN setup token (claimable once, until ${r.expiresAt}):\n${r.setupToken}`)),
  );

  const access = simplefin.command('access').description("list or revoke a client's SimpleFIN access URLs");
  withClient(access.command('list').description('list the access URLs claimed for the client (never the URLs)')).action((o: ClientFlags) =>
    withServices(o, async (s) => print(o, await s.simplefin.listAccessFor(o.partner, o.client), accessLines)),
  );
  withClient(access.command('revoke').description('revoke one access URL (--access) or all of them and the unclaimed setup tokens'))
    .option('--access <id>', 'only this access', uuid)
    .action((o: ClientFlags & { access?: string }) => withServices(o, async (s) => print(o, await s.simplefin.revokeAccessFor(o.partner, o.client, o.access ?? null), (r) => `Revoked:\n${accessLines(r)}`)));
}
