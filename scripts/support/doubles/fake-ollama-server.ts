/**
 * The fake Ollama as a server of its own, where Ollama's image would run (the compose tests): it
 * listens on 0.0.0.0:11434 with gemma3:4b, as `ollama serve` does, until SIGTERM.
 *   node fake-ollama-server.mjs   (bundled by the tests: a container has no TypeScript runner)
 */
import { startFakeOllama } from './fake-ollama.js';

const fake = await startFakeOllama({
  models: [{ name: 'gemma3:4b' }],
  listen: { host: '0.0.0.0', port: Number(process.env.FAKE_OLLAMA_PORT ?? 11434) },
});
process.stdout.write(`fake Ollama listening on ${fake.url.replace('127.0.0.1', '0.0.0.0')}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
