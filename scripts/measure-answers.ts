/**
 * How the service answers many photos, for the figures a limit rests on (docs/design.md §13): each
 * photo sent to each operation asked, in process through the pipeline the service runs, without a
 * language model, in English, about a dog unless told. One TSV line an answer: the photo, the
 * operation, "judged" or "refused" (the photo gate's verdict), the severity (or the confidence, for
 * emotion and breed) and the summary; a photo the service turns away before any analysis (too small,
 * not an image: a 400 over HTTP) gets "rejected" and the error's code and message instead. Then,
 * per operation, how many were judged and how many got a finding. compare-answers.ts, by
 * contrast, replays a fixed set over HTTP to compare two builds.
 *
 *   npx tsx scripts/measure-answers.ts --operations stool,vomit --out answers.tsv PHOTO_OR_FOLDER...
 *
 * A folder is read whole, its subfolders too (.jpg, .jpeg, .png, .webp). The models: --models DIR
 * (installed there already), or else the recommended set, installed from ../shared/models into a
 * scratch folder.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ApiError } from '../src/contract/api-error.js';
import { FINDING_SEVERITIES } from '../src/contract/data-fields.js';
import { loadAnalysisModels } from '../src/analysis/load-analysis-models.js';
import { createPipeline } from '../src/analysis/pipeline.js';
import { OPERATIONS, type OperationKey } from '../src/operations/registry.js';
import { installModel } from '../src/vision/runtime/install-model.js';
import { RECOMMENDED_MODELS } from '../src/vision/runtime/model-catalogue.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    operations: { type: 'string' },
    out: { type: 'string' },
    models: { type: 'string' },
    animal: { type: 'string', default: 'dog' },
  },
});
if (!values.operations || !values.out || positionals.length === 0)
  throw new Error(
    'usage: measure-answers.ts --operations stool,vomit --out FILE.tsv [--models DIR] PHOTO_OR_FOLDER...',
  );
const operations = values.operations.split(',').map((key) => {
  if (!(key in OPERATIONS)) throw new Error(`no operation ${key}: ${Object.keys(OPERATIONS).join(', ')}`);
  return key as OperationKey;
});

const PICTURES = new Set(['.jpg', '.jpeg', '.png', '.webp']);
const photosIn = (path: string): string[] =>
  statSync(path).isDirectory()
    ? readdirSync(path)
        .sort()
        .flatMap((name) => photosIn(join(path, name)))
    : PICTURES.has(extname(path).toLowerCase())
      ? [path]
      : [];
const photos = positionals.flatMap((path) => photosIn(resolve(path)));

const scratch = values.models ? undefined : mkdtempSync(join(tmpdir(), 'pawlens-measure-'));
const modelsDir = values.models ?? scratch!;
if (scratch) {
  const shared = resolve(import.meta.dirname, '..', '..', 'shared', 'models');
  for (const name of RECOMMENDED_MODELS) await installModel(name, { from: shared, modelsDir });
}
const models = await loadAnalysisModels({ modelsDir });
const pipeline = createPipeline(models);

const counts = new Map(operations.map((key) => [key, { judged: 0, findings: 0, rejected: 0 }]));
const lines: string[] = [];
try {
  for (const [index, photo] of photos.entries()) {
    for (const operation of operations) {
      const image = await pipeline.decode(operation, readFileSync(photo)).catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        counts.get(operation)!.rejected++;
        lines.push([photo, operation, 'rejected', error.code, error.message].join('\t'));
      });
      if (!image) continue;
      const { data, verdict } = await pipeline.assess(operation, {
        image,
        language: 'en',
        animalType: values.animal,
        requestId: 'req_measure',
      });
      const answer = data as { severity?: string; confidence?: number; summary: string };
      const graded = answer.severity ?? String(answer.confidence);
      const count = counts.get(operation)!;
      if (verdict.judged) count.judged++;
      if (FINDING_SEVERITIES.includes(graded)) count.findings++;
      const summary = answer.summary.replace(/\s+/g, ' ');
      lines.push([photo, operation, verdict.judged ? 'judged' : 'refused', graded, summary].join('\t'));
    }
    if ((index + 1) % 100 === 0) process.stderr.write(`${index + 1} of ${photos.length} photos\n`);
  }
} finally {
  for (const model of models.loaded) await model.release();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
writeFileSync(values.out, `${lines.join('\n')}\n`);
for (const [operation, { judged, findings, rejected }] of counts)
  process.stdout.write(
    `${operation}: ${photos.length} photos, ${judged} judged, ${findings} with a finding, ${rejected} rejected\n`,
  );
