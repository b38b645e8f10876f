/**
 * Which connector serves a provider: the sandbox connector for sandbox providers; live
 * providers need a real-bank connector, none of which exists yet (BankError provider_unavailable).
 */
import type { Provider } from '../db/schema.ts';
import { BankError, type BankConnector } from './connector.ts';
import { SandboxConnector, type SandboxOptions } from './sandbox/sandbox-connector.ts';

export class Banks {
  readonly sandbox: SandboxConnector;

  constructor(options: SandboxOptions) {
    this.sandbox = new SandboxConnector(options);
  }

  /** The connector of `provider`; throws BankError when none serves it. */
  connectorFor(provider: Pick<Provider, 'mode' | 'code'>): BankConnector {
    if (provider.mode === 'sandbox') return this.sandbox;
    throw new BankError('provider_unavailable', `No connector serves ${provider.code} yet`);
  }
}
