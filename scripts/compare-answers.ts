/**
 * Everything a build of pawlens answers and asks, for comparing two builds when a change is meant
 * to change nothing (a reshape): each reference photo (../shared/photos) and each rule's generated
 * scene, sent to every operation in every language, on the built-in models and on the recommended
 * set, without a language model and with one (a fake Ollama that records what it is sent: the
 * messages, the photo's sha256 and the `format` schema). One JSON line per request, in a fixed
 * order; two builds' files should be identical (`cmp`).
 *
 *   npx tsx scripts/compare-answers.ts --cli DIR/dist/cli.js --out FILE
 *
 * The build is run as a user runs it (`node CLI serve`, keys made by its own `keys create`), so a
 * build from another commit is compared with the same photos, models and fake.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LANGUAGES } from '../src/contract/language.js';
import { OPERATION_LIST } from '../src/operations/registry.js';
import { RECOMMENDED_MODELS } from '../src/vision/runtime/model-catalogue.js';
import { installModel } from '../src/vision/runtime/install-model.js';
import { type ChatRequestBody, startFakeOllama } from './support/doubles/fake-ollama.js';
import { RULE_SCENES } from './support/rule-scenes.js';
import { sceneJpeg } from './support/scenes.js';
import { SHARED_PHOTOS } from './support/shared-photo-names.js';
import { cleanEnv, startServeProcess } from './support/serve-process.js';

const { values } = parseArgs({ options: { cli: { type: 'string' }, out: { type: 'string' } } });
if (!values.cli || !values.out) throw new Error('usage: compare-answers.ts --cli DIST_CLI --out FILE');
const cli = resolve(values.cli);
const shared = resolve(import.meta.dirname, '..', '..', 'shared');

const photos: Array<{ name: string; bytes: Buffer }> = [
  ...SHARED_PHOTOS.map((name) => ({ name, bytes: readFileSync(join(shared, 'photos', name)) })),
  ...(await Promise.all(
    RULE_SCENES.map(async ([operation, rule, svg]) => ({ name: `${operation}-${rule}`, bytes: await sceneJpeg(svg) })),
  )),
];

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
/** What the language model was asked: the messages with each photo by its hash, and the schema. */
const asked = (chat: ChatRequestBody) => ({
  messages: chat.messages.map((message) => ({ ...message, images: message.images?.map(sha) })),
  format: chat.format,
  options: chat.options,
});

const tmp = mkdtempSync(join(tmpdir(), 'pawlens-compare-'));
const lines: string[] = [];
const fake = await startFakeOllama();
try {
  for (const set of ['builtin', 'recommended'] as const) {
    const modelsDir = join(tmp, `models-${set}`);
    mkdirSync(modelsDir);
    if (set === 'recommended')
      for (const name of RECOMMENDED_MODELS) await installModel(name, { from: join(shared, 'models'), modelsDir });
    for (const llm of ['off', 'required'] as const) {
      const dataDir = join(tmp, `data-${set}-${llm}`);
      mkdirSync(dataDir);
      const env = { PAWLENS_DATA_DIR: dataDir, PAWLENS_MODELS_DIR: modelsDir, PAWLENS_RATE_LIMIT: '0' };
      const created = spawnSync(process.execPath, [cli, 'keys', 'create', '--name', 'compare', '--json'], {
        env: cleanEnv(env),
        encoding: 'utf8',
      });
      const { key } = JSON.parse(created.stdout) as { key: string };
      const served = await startServeProcess(
        { ...env, PAWLENS_LLM: llm, OLLAMA_HOST: fake.host },
        { cli, stderr: 'inherit', keepOutput: false, timeoutMs: 60_000 },
      );
      try {
        for (const photo of photos)
          for (const operation of OPERATION_LIST)
            for (const language of LANGUAGES) {
              const before = fake.chatRequests().length;
              const response = await fetch(`${served.url}/api/v1/${operation.path}`, {
                method: 'POST',
                headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
                body: JSON.stringify({ image: photo.bytes.toString('base64'), language }),
              });
              const body = (await response.json()) as { data?: unknown; error?: unknown };
              const line = {
                set,
                llm,
                photo: photo.name,
                operation: operation.key,
                language,
                status: response.status,
                charged: response.headers.get('x-credits-charged'),
                answer: body.data ?? body.error,
                asked: fake.chatRequests().slice(before).map(asked),
              };
              lines.push(JSON.stringify(line));
            }
      } finally {
        served.child.kill('SIGTERM');
        await served.exited;
      }
      process.stderr.write(`${set}, llm ${llm}: ${lines.length} answers so far\n`);
    }
  }
} finally {
  await fake.close();
}
writeFileSync(values.out, `${lines.join('\n')}\n`);
process.stderr.write(`wrote ${lines.length} lines to ${values.out}\n`);
