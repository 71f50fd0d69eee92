import { type Config, loadConfig } from '../config.js';
import { terminalLine } from './terminal-text.js';
import type { AccountStore } from '../accounts/account-store.js';

export type Print = (line: string) => void;

/**
 * One `pawlens` command: its lines in the list `pawlens --help` starts with, its own help
 * (`pawlens COMMAND --help`, and after a mistake in calling it), whether it has verbs (then,
 * called bare, it prints its help), whether its help joins the full page, and what it does.
 * A command's module, and what it needs (the models, sharp, the HTTP server), is loaded when the
 * command runs or its help is asked for: `pawlens keys list` need not load onnxruntime, and started
 * in 0.3 s where every command had taken 0.75 s (2-core machine, idle, 2026-12-04).
 */
export interface Command {
  readonly name: string;
  readonly brief: readonly string[];
  usage(): Promise<string>;
  readonly verbs: boolean;
  readonly inHelpPage: boolean;
  run(args: string[], print: Print): Promise<void>;
}

/** Runs a command on the configured store, closed afterwards whatever happened. */
async function onStore(config: Config, command: (store: AccountStore) => Promise<void>): Promise<void> {
  const { explainStoreFailure, openCommandStore, storeLine } = await import('./open-store.js');
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
  const [
    { tuneForPhotoAnalysis },
    { createLogger },
    { Metrics },
    { assembleAnalysis },
    { openStore, explainStoreFailure },
    { startServer },
  ] = await Promise.all([
    import('../process-tuning.js'),
    import('../logger.js'),
    import('../metrics.js'),
    import('./assemble-analysis.js'),
    import('./open-store.js'),
    import('./start-server.js'),
  ]);
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
    usage: async () => SERVE_USAGE,
    verbs: false,
    inHelpPage: false,
    run: (_args, print) => serve(print),
  },
  {
    name: 'keys',
    brief: ['pawlens keys …                Manage API keys; "pawlens keys" lists the commands.'],
    usage: async () => (await import('./keys-command.js')).KEYS_USAGE,
    verbs: true,
    inHelpPage: true,
    run: async (args, print) => {
      const { runKeysCommand } = await import('./keys-command.js');
      return onStore(loadConfig(), (store) => runKeysCommand(args, store, print));
    },
  },
  {
    name: 'records',
    brief: ["pawlens records …             List, export and erase a key's pets' records, revoked keys' too."],
    usage: async () => (await import('./records-command.js')).RECORDS_USAGE,
    verbs: true,
    inHelpPage: true,
    run: async (args, print) => {
      const { runRecordsCommand } = await import('./records-command.js');
      return onStore(loadConfig(), (store) => runRecordsCommand(args, store, print));
    },
  },
  {
    name: 'models',
    brief: ['pawlens models …              Install and list ONNX models; "pawlens models" lists the commands.'],
    usage: async () => (await import('./models-command.js')).MODELS_USAGE,
    verbs: false,
    inHelpPage: true,
    run: async (args, print) =>
      (await import('./models-command.js')).runModelsCommand(args, loadConfig().modelsDir, print),
  },
  {
    name: 'heads',
    brief: [
      'pawlens heads …               Train heads on the clinic\'s own photos; "pawlens heads" lists the commands.',
    ],
    usage: async () => (await import('./heads-command.js')).HEADS_USAGE,
    verbs: true,
    inHelpPage: true,
    run: async (args, print) => {
      const { runHeadsCommand } = await import('./heads-command.js');
      const { modelsDir, breedModel, detectorModel } = loadConfig();
      // Its lines name the clinic's files and labels, whatever characters they hold.
      return runHeadsCommand(args, { modelsDir, breedModel, detectorModel }, (line) => print(terminalLine(line)));
    },
  },
  {
    name: 'analyze',
    brief: ['pawlens analyze OP IMAGE      Analyse a local photo without HTTP.'],
    usage: async () => (await import('./analyze-command.js')).ANALYZE_USAGE,
    verbs: false,
    inHelpPage: true,
    run: async (args, print) => {
      const [{ runAnalyzeCommand }, { assembleAnalysis }, { createLogger }] = await Promise.all([
        import('./analyze-command.js'),
        import('./assemble-analysis.js'),
        import('../logger.js'),
      ]);
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
    usage: async () => (await import('./doctor-command.js')).DOCTOR_USAGE,
    verbs: false,
    inHelpPage: false,
    run: async (args, print) => {
      const [{ runDoctorCommand }, { IDEMPOTENCY_ABANDON_MS }] = await Promise.all([
        import('./doctor-command.js'),
        import('../contract/service-policy.js'),
      ]);
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
    usage: async () => (await import('./store-command.js')).STORE_USAGE,
    verbs: true,
    inHelpPage: false,
    run: async (args, print) => (await import('./store-command.js')).runStoreCommand(args, loadConfig(), print),
  },
];
