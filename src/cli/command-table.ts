import { type Config, loadConfig } from '../config.js';
import { IDEMPOTENCY_ABANDON_MS } from '../contract/service-policy.js';
import { createLogger } from '../logger.js';
import { Metrics } from '../metrics.js';
import { tuneForPhotoAnalysis } from '../process-tuning.js';
import { ANALYZE_USAGE, runAnalyzeCommand } from './analyze-command.js';
import { assembleAnalysis } from './assemble-analysis.js';
import { DOCTOR_USAGE, runDoctorCommand } from './doctor-command.js';
import { HEADS_USAGE, runHeadsCommand } from './heads-command.js';
import { KEYS_USAGE, runKeysCommand } from './keys-command.js';
import { MODELS_USAGE, runModelsCommand } from './models-command.js';
import { explainStoreFailure, openCommandStore, openStore, storeLine } from './open-store.js';
import { RECORDS_USAGE, runRecordsCommand } from './records-command.js';
import { startServer } from './start-server.js';
import { runStoreCommand, STORE_USAGE } from './store-command.js';
import { terminalLine } from './terminal-text.js';

export type Print = (line: string) => void;

/**
 * One `pawlens` command: its lines in the list `pawlens --help` starts with, its own help
 * (`pawlens COMMAND --help`, and after a mistake in calling it), whether it has verbs (then,
 * called bare, it prints its help), whether its help joins the full page, and what it does.
 */
export interface Command {
  readonly name: string;
  readonly brief: readonly string[];
  readonly usage: string;
  readonly verbs: boolean;
  readonly inHelpPage: boolean;
  run(args: string[], print: Print): Promise<void>;
}

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

/** `pawlens serve`: the models, the store and the HTTP server; SIGTERM and SIGINT finish the requests in flight. */
async function serve(print: Print): Promise<void> {
  tuneForPhotoAnalysis();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const metrics = new Metrics();
  const { pipeline, readinessChecks, close: closeAnalysis } = await assembleAnalysis(config, logger, print, metrics);
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
}

const SERVE_USAGE = `pawlens serve — start the HTTP service

  Settings come from the environment (README, "Configuration"): PAWLENS_PORT, PAWLENS_HOST,
  PAWLENS_DATA_DIR, PAWLENS_MODELS_DIR, OLLAMA_HOST, PAWLENS_LLM, …`;

/** Every command, in the order `pawlens --help` lists them. */
export const COMMANDS: readonly Command[] = [
  {
    name: 'serve',
    brief: ['pawlens serve                 Start the HTTP service (PAWLENS_PORT, PAWLENS_HOST, PAWLENS_DATA_DIR).'],
    usage: SERVE_USAGE,
    verbs: false,
    inHelpPage: false,
    run: (_args, print) => serve(print),
  },
  {
    name: 'keys',
    brief: ['pawlens keys …                Manage API keys; "pawlens keys" lists the commands.'],
    usage: KEYS_USAGE,
    verbs: true,
    inHelpPage: true,
    run: (args, print) => onStore(loadConfig(), (store) => runKeysCommand(args, store, print)),
  },
  {
    name: 'records',
    brief: ["pawlens records …             List, export and erase a key's pets' records, revoked keys' too."],
    usage: RECORDS_USAGE,
    verbs: true,
    inHelpPage: true,
    run: (args, print) => onStore(loadConfig(), (store) => runRecordsCommand(args, store, print)),
  },
  {
    name: 'models',
    brief: ['pawlens models …              Install and list ONNX models; "pawlens models" lists the commands.'],
    usage: MODELS_USAGE,
    verbs: false,
    inHelpPage: true,
    run: (args, print) => runModelsCommand(args, loadConfig().modelsDir, print),
  },
  {
    name: 'heads',
    brief: [
      'pawlens heads …               Train heads on the clinic\'s own photos; "pawlens heads" lists the commands.',
    ],
    usage: HEADS_USAGE,
    verbs: true,
    inHelpPage: true,
    run: (args, print) => {
      const { modelsDir, breedModel, detectorModel } = loadConfig();
      // Its lines name the clinic's files and labels, whatever characters they hold.
      return runHeadsCommand(args, { modelsDir, breedModel, detectorModel }, (line) => print(terminalLine(line)));
    },
  },
  {
    name: 'analyze',
    brief: ['pawlens analyze OP IMAGE      Analyse a local photo without HTTP.'],
    usage: ANALYZE_USAGE,
    verbs: false,
    inHelpPage: true,
    run: (args, print) => {
      const config = loadConfig();
      // One photo: starting inference threads would cost more than running it here.
      const openPipeline = () =>
        assembleAnalysis({ ...config, inferenceThreads: 0 }, createLogger('warn', process.stderr), (line) =>
          process.stderr.write(`${line}\n`),
        );
      return runAnalyzeCommand(args, openPipeline, print);
    },
  },
  {
    name: 'doctor',
    brief: [
      'pawlens doctor [--clear]      Credits held and idempotency claims open; --clear gives back abandoned ones.',
    ],
    usage: DOCTOR_USAGE,
    verbs: false,
    inHelpPage: false,
    run: (args, print) => {
      const config = loadConfig();
      const limits = { leaseLapseMs: config.storeLeaseMs, ownerlessAfterMs: IDEMPOTENCY_ABANDON_MS };
      return onStore(config, (store) => runDoctorCommand(args, store, limits, print));
    },
  },
  {
    name: 'store',
    brief: [
      'pawlens store backup --to FILE  A consistent copy of the SQLite store, while the server runs.',
      'pawlens store migrate --to URL  Copy the SQLite store into PostgreSQL, for several replicas.',
    ],
    usage: STORE_USAGE,
    verbs: true,
    inHelpPage: false,
    run: (args, print) => runStoreCommand(args, loadConfig(), print),
  },
];
