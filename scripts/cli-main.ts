import '../shared/datasets/install';
import { type Config, ConfigError, loadConfig } from '../shared/config';
import type { Deps } from '../shared/deps';
import { withCliStorage } from '../shared/local/cli-storage';

/** Bad usage: the CLI prints the message and its usage text, and exits 2. */
export class UsageError extends Error {}

/** A CLI's commands against storage; resolves to the exit code. */
export type CliCommand = (
  argv: string[],
  deps: Deps,
  how: 'configured' | 'live-server' | 'own-engines',
) => Promise<number>;

/**
 * The shared `main` of the operator CLIs (keys, archive): no arguments prints the usage and exits 2,
 * --help/-h prints it and exits 0; a bad environment exits 2 naming the variable (before any storage
 * is touched); else the command runs against withCliStorage. An unexpected error exits 1 with
 * `<name>: <message>`. Call it only when the script is the process's entry point.
 */
export function runCliMain(name: string, usage: string, command: CliCommand): void {
  main(usage, command).then(
    (code) => process.exit(code),
    (e) => {
      process.stderr.write(`${name}: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}

async function main(usage: string, command: CliCommand): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${usage}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    throw e;
  }
  return withCliStorage(config, (deps, how) => command(argv, deps, how));
}
