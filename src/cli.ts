#!/usr/bin/env node
import { type Config, loadConfig } from './config.js';
import { ANALYZE_USAGE, runAnalyzeCommand } from './cli/analyze-command.js';
import { DOCTOR_USAGE, runDoctorCommand } from './cli/doctor-command.js';
import { KEYS_USAGE, runKeysCommand } from './cli/keys-command.js';
import { IDEMPOTENCY_ABANDON_MS } from './contract/service-policy.js';
import { MODELS_USAGE, runModelsCommand } from './cli/models-command.js';
import { HEADS_USAGE, runHeadsCommand } from './cli/heads-command.js';
import { RECORDS_USAGE, runRecordsCommand } from './cli/records-command.js';
import { runStoreCommand, STORE_USAGE } from './cli/store-command.js';
import { explainStoreFailure, openCommandStore, openStore, storeLine } from './cli/open-store.js';
import { startServer } from './cli/start-server.js';
import { UsageError } from './cli/parse-command-args.js';
import { terminalLine } from './cli/terminal-text.js';
import { assembleAnalysis } from './cli/assemble-analysis.js';
import { createLogger } from './logger.js';
import { Metrics } from './metrics.js';
import { tuneForPhotoAnalysis } from './process-tuning.js';
import { VERSION } from './version.js';

const USAGE = `pawlens ${VERSION} — on-premise pet photo analysis

Usage:
  pawlens serve                 Start the HTTP service (PAWLENS_PORT, PAWLENS_HOST, PAWLENS_DATA_DIR).
  pawlens keys …                Manage API keys; "pawlens keys" lists the commands.
  pawlens records …             List, export and erase a key's pets' records, revoked keys' too.
  pawlens models …              Install and list ONNX models; "pawlens models" lists the commands.
  pawlens heads …               Train heads on the clinic's own photos; "pawlens heads" lists the commands.
  pawlens analyze OP IMAGE      Analyse a local photo without HTTP.
  pawlens doctor [--clear]      Credits held and idempotency claims open; --clear gives back abandoned ones.
  pawlens store backup --to FILE  A consistent copy of the SQLite store, while the server runs.
  pawlens store migrate --to URL  Copy the SQLite store into PostgreSQL, for several replicas.
  pawlens --version

${KEYS_USAGE}

${RECORDS_USAGE}

${MODELS_USAGE}

${HEADS_USAGE}

${ANALYZE_USAGE}`;

const print = (line: string) => process.stdout.write(`${line}\n`);

/** Each command's own help, for `pawlens COMMAND --help`. */
const COMMAND_USAGE: Readonly<Record<string, string>> = {
  serve: `pawlens serve — start the HTTP service

  Settings come from the environment (README, "Configuration"): PAWLENS_PORT, PAWLENS_HOST,
  PAWLENS_DATA_DIR, PAWLENS_MODELS_DIR, OLLAMA_HOST, PAWLENS_LLM, …`,
  keys: KEYS_USAGE,
  records: RECORDS_USAGE,
  models: MODELS_USAGE,
  heads: HEADS_USAGE,
  analyze: ANALYZE_USAGE,
  doctor: DOCTOR_USAGE,
  store: STORE_USAGE,
};

/** Runs a command on the configured store, closed afterwards whatever happened. */
async function onStore(
  config: Config,
  command: (store: Awaited<ReturnType<typeof openStore>>) => Promise<void>,
): Promise<void> {
  const store = await openCommandStore(config, Boolean(process.env.PAWLENS_DATA_DIR?.trim()));
  // On stderr: stdout may be a key, JSON or CSV that a script reads.
  process.stderr.write(`${storeLine(store.description)}\n`);
  try {
    await command(store);
  } catch (error) {
    throw explainStoreFailure(store, error);
  } finally {
    await store.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  // `pawlens serve --help` must never start a server, nor `keys --help` touch the store; `pawlens keys`, `store` or `heads` alone asks what there is.
  if (
    command &&
    COMMAND_USAGE[command] &&
    (rest.some((arg) => arg === '--help' || arg === '-h') ||
      (['keys', 'records', 'store', 'heads'].includes(command) && rest.length === 0))
  ) {
    print(COMMAND_USAGE[command]);
    return;
  }
  switch (command) {
    case 'serve': {
      tuneForPhotoAnalysis();
      const config = loadConfig();
      const logger = createLogger(config.logLevel);
      const metrics = new Metrics();
      const {
        pipeline,
        readinessChecks,
        close: closeAnalysis,
      } = await assembleAnalysis(config, logger, print, metrics);
      const store = await openStore(config, metrics);
      const server = await startServer(config, store, pipeline, readinessChecks, metrics, logger, print).catch(
        (error: unknown) => {
          throw explainStoreFailure(store, error);
        },
      );
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        process.once(signal, () => {
          logger.info({ signal }, 'shutting down: finishing requests in flight');
          void server
            .close()
            .then(closeAnalysis)
            .then(() => {
              logger.info('stopped');
              logger.flush();
              process.exitCode = 0;
            });
        });
      }
      return;
    }
    case 'keys':
      await onStore(loadConfig(), (store) => runKeysCommand(rest, store, print));
      return;
    case 'records':
      await onStore(loadConfig(), (store) => runRecordsCommand(rest, store, print));
      return;
    case 'models':
      await runModelsCommand(rest, loadConfig().modelsDir, print);
      return;
    case 'heads': {
      const { modelsDir, breedModel, detectorModel } = loadConfig();
      // Its lines name the clinic's files and labels, whatever characters they hold.
      await runHeadsCommand(rest, { modelsDir, breedModel, detectorModel }, (line) => print(terminalLine(line)));
      return;
    }
    case 'doctor': {
      const config = loadConfig();
      await onStore(config, (store) =>
        runDoctorCommand(
          rest,
          store,
          { leaseLapseMs: config.storeLeaseMs, ownerlessAfterMs: IDEMPOTENCY_ABANDON_MS },
          print,
        ),
      );
      return;
    }
    case 'store':
      await runStoreCommand(rest, loadConfig(), print);
      return;
    case 'analyze': {
      const config = loadConfig();
      // One photo: starting inference threads would cost more than running it here.
      const openPipeline = () =>
        assembleAnalysis({ ...config, inferenceThreads: 0 }, createLogger('warn', process.stderr), (line) =>
          process.stderr.write(`${line}\n`),
        );
      await runAnalyzeCommand(rest, openPipeline, print);
      return;
    }
    case '--version':
    case '-v':
      print(VERSION);
      return;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      print(USAGE);
      return;
    default:
      throw new Error(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

// `pawlens keys usage | head -1`: the reader went away, which is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

main(process.argv.slice(2)).catch((error: unknown) => {
  // A command called wrongly ("pawlens analyze has no option --langauge; …") is told how it is called.
  const usage = error instanceof UsageError ? COMMAND_USAGE[process.argv[2] ?? ''] : undefined;
  // A message may quote a file's or a label's name: its control characters are escaped, as in every line printed.
  const message = terminalLine(error instanceof Error ? error.message : String(error));
  process.stderr.write(`${message}\n${usage ? `\n${usage}\n` : ''}`);
  process.exitCode = 1;
});
