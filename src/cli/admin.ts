/**
 * Admin commands (DESIGN.md §4): migrate, partner create/set/show, key create/list/revoke.
 * They work with the service stopped (they start the embedded database themselves) or running
 * on the same data dir (they reach its database); changes take effect at once. The services'
 * code (most of the bundle) is loaded when a command runs, not when the command line is parsed.
 */
import { loadConfig } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { recordedBaseUrl } from '../db/settings.ts';
import { systemClock } from '../lib/clock.ts';
import { loadSecretKeys } from '../lib/secret-keys.ts';
import type { Services } from '../services.ts';
import { fail, type OutputOptions } from './output.ts';
import { openRuntime, requireMigrated } from './runtime.ts';

/**
 * Runs `action` with services over a migrated database; prints errors. Without PORT or
 * BANKDATA_BASE_URL the services' links use the address the running API recorded (db/settings.ts).
 */
export async function withServices(options: OutputOptions, action: (services: Services) => Promise<void>): Promise<void> {
  try {
    const configured = loadConfig();
    const runtime = await openRuntime(configured, 2);
    try {
      await requireMigrated(runtime.db);
      // Links the command prints (a portal set-up link) use the running API's address unless this command was given one.
      const given = process.env.BANKDATA_BASE_URL || process.env.PORT;
      const config = given ? configured : { ...configured, baseUrl: (await recordedBaseUrl(runtime.db)) ?? configured.baseUrl };
      const { createServices } = await import('../services.ts');
      const services = await createServices({ db: runtime.db, databaseUrl: runtime.databaseUrl, clock: systemClock, config });
      try {
        await action(services);
      } finally {
        await services.stop();
      }
    } finally {
      await runtime.close();
    }
  } catch (error) {
    fail(options, error);
  }
}

/** `bankdata migrate`: applies migrations and seeds the sandbox catalog. */
export async function runMigrate(options: OutputOptions): Promise<string[]> {
  const config = loadConfig();
  const runtime = await openRuntime(config, 2);
  try {
    const secretKeys = loadSecretKeys(config);
    const applied = await migrateToLatest(runtime.db, secretKeys);
    const { createServices } = await import('../services.ts');
    const services = await createServices({ db: runtime.db, databaseUrl: runtime.databaseUrl, clock: systemClock, config, secretKeys });
    await services.providers.seedSandboxCatalog();
    await services.stop();
    return applied;
  } catch (error) {
    fail(options, error);
    return [];
  } finally {
    await runtime.close();
  }
}
