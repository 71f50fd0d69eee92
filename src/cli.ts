#!/usr/bin/env node
import { loadConfig } from './config.js';
import { ANALYZE_USAGE, runAnalyzeCommand } from './cli/analyze-command.js';
import { KEYS_USAGE, runKeysCommand } from './cli/keys-command.js';
import { MODELS_USAGE, runModelsCommand } from './cli/models-command.js';
import { openStore } from './cli/open-store.js';
import { startServer } from './cli/start-server.js';
import { assembleAnalysis } from './cli/assemble-analysis.js';
import { createLogger } from './logger.js';
import { Metrics } from './metrics.js';
import { VERSION } from './version.js';

const USAGE = `pawlens ${VERSION} — on-premise pet photo analysis

Usage:
  pawlens serve                 Start the HTTP service (PAWLENS_PORT, PAWLENS_HOST, PAWLENS_DATA_DIR).
  pawlens keys …                Manage API keys; "pawlens keys" lists the commands.
  pawlens models …              Install and list ONNX models; "pawlens models" lists the commands.
  pawlens analyze OP IMAGE      Analyse a local photo without HTTP.
  pawlens --version

${KEYS_USAGE}

${MODELS_USAGE}

${ANALYZE_USAGE}`;

const print = (line: string) => process.stdout.write(`${line}\n`);

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve': {
      const config = loadConfig();
      const logger = createLogger(config.logLevel);
      const metrics = new Metrics();
      const { pipeline, readinessChecks, close: closeAnalysis } = await assembleAnalysis(config, logger, print, metrics);
      const store = openStore(config.dataDir);
      const server = await startServer(config, store, pipeline, readinessChecks, metrics, logger, print);
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        process.once(signal, () => {
          logger.info({ signal }, 'shutting down: finishing requests in flight');
          void server.close().then(closeAnalysis).then(() => {
            logger.info('stopped');
            logger.flush();
            process.exitCode = 0;
          });
        });
      }
      return;
    }
    case 'keys': {
      const store = openStore(loadConfig().dataDir);
      try {
        await runKeysCommand(rest, store, print);
      } finally {
        await store.close();
      }
      return;
    }
    case 'models':
      await runModelsCommand(rest, loadConfig().modelsDir, print);
      return;
    case 'analyze': {
      const config = loadConfig();
      // One photo: starting inference threads would cost more than running it here.
      const { pipeline, close } = await assembleAnalysis({ ...config, inferenceThreads: 0 }, createLogger('warn', process.stderr), (line) =>
        process.stderr.write(`${line}\n`),
      );
      try {
        await runAnalyzeCommand(rest, pipeline, print);
      } finally {
        await close();
      }
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

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
