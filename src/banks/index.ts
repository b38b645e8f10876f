/**
 * Which connector serves a provider: the sandbox connector for sandbox providers, a
 * BerlinGroupConnector per live `berlin-group` provider (built on first use and cached; built
 * again when the provider's catalog row changed, e.g. after `bankdata providers import`).
 */
import type { Provider } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { BerlinGroupConnector } from './berlin-group/berlin-group-connector.ts';
import { BankError, type BankConnector } from './connector.ts';
import { SandboxConnector, type SandboxOptions } from './sandbox/sandbox-connector.ts';

type ProviderRow = Pick<Provider, 'mode' | 'code' | 'name' | 'timeZone' | 'connector' | 'xs2a' | 'status'>;

export class Banks {
  readonly sandbox: SandboxConnector;
  private readonly clock: Clock;
  /** Live connectors by provider code, with the catalog settings they were built from. */
  private readonly live = new Map<string, { settings: string; connector: BerlinGroupConnector }>();

  constructor(options: SandboxOptions & { clock: Clock }) {
    this.sandbox = new SandboxConnector(options);
    this.clock = options.clock;
  }

  /**
   * The connector of `provider`. Throws BankError provider_unavailable when none serves it (a
   * live provider without Berlin Group settings), and the connector's Error naming the provider
   * when its certificate files cannot be read.
   */
  connectorFor(provider: ProviderRow): BankConnector {
    if (provider.mode === 'sandbox') return this.sandbox;
    if (provider.connector !== 'berlin-group' || !provider.xs2a) throw new BankError('provider_unavailable', `No connector serves ${provider.code}`);
    const settings = JSON.stringify([provider.name, provider.timeZone, provider.xs2a]);
    const cached = this.live.get(provider.code);
    if (cached?.settings === settings) return cached.connector;
    const connector = new BerlinGroupConnector({ provider: { code: provider.code, name: provider.name, timeZone: provider.timeZone, xs2a: provider.xs2a }, clock: this.clock });
    this.live.set(provider.code, { settings, connector });
    return connector;
  }

  /** Builds the connector of every provider in `providers` (start-up): throws the first failure, naming its provider. */
  verify(providers: ProviderRow[]): void {
    for (const provider of providers) {
      if (provider.status === 'Disabled') continue;
      this.connectorFor(provider);
    }
  }
}
