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
  /** The service's clock, of the live connectors. */
  private readonly clock: Clock;
  /** Live connectors by provider code, with the catalog settings they were built from. */
  private readonly live: Map<string, { settings: string; connector: BerlinGroupConnector }>;

  /** `options.clock` is the service's clock; `shared`: the banks whose live connectors (and clock) these share. */
  constructor(
    private readonly options: SandboxOptions,
    shared?: Banks,
  ) {
    this.sandbox = new SandboxConnector(options);
    this.clock = shared?.clock ?? options.clock;
    this.live = shared?.live ?? new Map();
  }

  /**
   * These banks with the sandbox bank on `clock` (a partner's sandbox time, lib/partner-clock.ts).
   * The live connectors are shared and keep the service's clock: live data never follows a sandbox clock.
   */
  onSandboxClock(clock: Clock): Banks {
    return new Banks({ ...this.options, clock }, this);
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
    // The connector of the old settings closes its connections once their calls are done.
    if (cached) void cached.connector.close().catch(() => undefined);
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
