// passwatch-connector: reads Active Directory and sends each domain's snapshot to Passwatch
// (docs/connector.md). `--once` for Task Scheduler or a systemd timer, `--interval <minutes>` to
// stay running, `--dry-run` to print what would be sent and send nothing.
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { ConnectorError, EXIT, type ExitCode } from './errors.js';
import { CONNECTOR_VERSION, runOnce } from './run.js';

const USAGE = `passwatch-connector ${CONNECTOR_VERSION}

Usage: passwatch-connector --config <file> (--once | --interval <minutes> | --dry-run)

  --config <file>       the configuration (JSON); default: $PASSWATCH_CONNECTOR_CONFIG
  --once                read and send every domain once, then exit (Task Scheduler, systemd timer)
  --interval <minutes>  stay running and send every <minutes> minutes (15 to 1440)
  --dry-run             read every domain and print the exact requests as JSON; send nothing

Environment: PASSWATCH_URL, PASSWATCH_CONNECTOR_KEY or PASSWATCH_CONNECTOR_KEY_FILE override the file.
Exit codes: 0 ok, 1 unexpected, 2 configuration, 3 bad LDAP credentials, 4 DC certificate not trusted,
5 LDAP signing / encryption required, 6 DC unreachable, 7 key refused by the server,
8 server refused the data, 9 server unavailable, 10 other directory error.
`;

const log = (line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);

function parseInterval(text: string): number {
  const minutes = Number(text);
  if (!Number.isInteger(minutes) || minutes < 15 || minutes > 1440) {
    throw new ConnectorError(EXIT.configuration, `--interval takes whole minutes from 15 to 1440 (got ${JSON.stringify(text)})`);
  }
  return minutes;
}

function parseArguments(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        config: { type: 'string' },
        once: { type: 'boolean', default: false },
        interval: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        version: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (error) {
    throw new ConnectorError(EXIT.configuration, `${(error as Error).message}\n\n${USAGE}`);
  }
}

async function main(argv: string[]): Promise<ExitCode> {
  const { values } = parseArguments(argv);
  if (values.help) {
    process.stdout.write(USAGE);
    return EXIT.ok;
  }
  if (values.version) {
    process.stdout.write(`${CONNECTOR_VERSION}\n`);
    return EXIT.ok;
  }
  const modes = [values.once, values.interval !== undefined, values['dry-run']].filter(Boolean).length;
  if (modes !== 1) throw new ConnectorError(EXIT.configuration, `choose exactly one of --once, --interval and --dry-run\n\n${USAGE}`);
  const configPath = values.config ?? process.env.PASSWATCH_CONNECTOR_CONFIG;
  if (!configPath) throw new ConnectorError(EXIT.configuration, `no configuration: pass --config <file> or set PASSWATCH_CONNECTOR_CONFIG\n\n${USAGE}`);
  const dryRun = values['dry-run'];
  const intervalMs = values.interval === undefined ? undefined : parseInterval(values.interval) * 60_000;
  const config = loadConfig(configPath, process.env, !dryRun);
  const options = { dryRun, log, print: (text: string) => process.stdout.write(text), now: () => new Date() };
  if (intervalMs === undefined) return runOnce(config, options);

  let stopping = false;
  let sleeping: { timer: NodeJS.Timeout; wake: () => void } | undefined;
  const stop = () => {
    stopping = true;
    if (sleeping) {
      clearTimeout(sleeping.timer);
      sleeping.wake();
    }
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  while (!stopping) {
    const code = await runOnce(config, options);
    // A refused key stays refused: running on would only fill the log.
    if (code === EXIT.keyRefused) return code;
    if (stopping) break;
    await new Promise<void>((resolve) => {
      sleeping = { timer: setTimeout(resolve, intervalMs), wake: resolve };
    });
  }
  return EXIT.ok;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const failure = error instanceof ConnectorError ? error : new ConnectorError(EXIT.unexpected, (error as Error)?.stack ?? String(error));
    log(failure.message);
    process.exitCode = failure.exitCode;
  },
);
