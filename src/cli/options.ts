/**
 * Option helpers shared by the CLI's command groups (commander): `--json` and argument parsers
 * that fail with commander's InvalidArgumentError (exit 1 with the option named).
 */
import { InvalidArgumentError, Option } from 'commander';
import { isUuid } from '../lib/ids.ts';

/** `--json`: print machine-readable JSON instead of text. */
export const json = () => new Option('--json', 'print machine-readable JSON');

/** A UUID argument or option value. */
export const uuid = (value: string) => {
  if (!isUuid(value)) throw new InvalidArgumentError('expected a UUID');
  return value;
};
