/**
 * undici for outbound HTTP (webhook deliveries, calls to banks), loaded on first use: ~1 MB of
 * code that the service's start and its API do not need. Through the package's default export
 * (its module.exports), which is what both Node and the bundle (bin/build.js: a package loaded on
 * demand becomes a chunk whose only export is its module.exports) give a dynamic import.
 */
export async function loadUndici() {
  return (await import('undici')).default;
}
