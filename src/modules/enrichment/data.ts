/** Reads one of the enrichment data files (src/modules/enrichment/data/*.json) at module load. */
import { readFileSync } from 'node:fs';

export function readData<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./data/${name}`, import.meta.url), 'utf8')) as T;
}
