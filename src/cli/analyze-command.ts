import { parseCommandArgs, UsageError } from './parse-command-args.js';
import { parseAnalysisRequest } from '../contract/analysis-request.js';
import { ApiError } from '../contract/api-error.js';
import { runPaidAnalysis } from '../analysis/paid-analysis.js';
import type { Pipeline } from '../analysis/pipeline.js';
import { OPERATION_LIST, operationNamed } from '../operations/registry.js';
import { readPhotoFile } from './read-photo-file.js';

export const ANALYZE_USAGE = `pawlens analyze OPERATION IMAGE [--language en|zh|es] [--animal-type TYPE]
      Analyse a local photo without HTTP or a key; prints the response's data as JSON.
      OPERATION: ${OPERATION_LIST.map((operation) => operation.key).join(', ')} (or its path, e.g. feces-analysis).`;

/**
 * The same pipeline the HTTP route runs, from a file: intake, analysis, closed-schema check. The
 * arguments and the photo are checked before `openPipeline` loads the models, so a mistyped
 * operation is said at once, and alone.
 */
export async function runAnalyzeCommand(
  args: string[],
  openPipeline: () => Promise<{ pipeline: Pipeline; close(): Promise<void> }>,
  print: (line: string) => void,
): Promise<void> {
  const { values, positionals } = parseCommandArgs('analyze', args, {
    language: { type: 'string' },
    'animal-type': { type: 'string' },
  });
  const [name, file, ...extra] = positionals;
  if (!name || !file) throw new UsageError('pawlens analyze needs an operation and a photo file.');
  const operation = operationNamed(name);
  if (!operation)
    throw new UsageError(
      `pawlens analyze has no operation "${name}"; the operations are ${OPERATION_LIST.map((op) => op.key).join(', ')}.`,
    );
  if (extra.length > 0)
    throw new UsageError(`pawlens analyze takes one photo; "${extra[0]}" is one argument too many.`);
  try {
    const bytes = await readPhotoFile(file);
    const request = parseAnalysisRequest({
      image: 'unused',
      language: values.language,
      animalType: values['animal-type'],
    });
    // The analysis the HTTP route runs, with nobody to charge: its answer checked against the closed schema all the same.
    const { language, animalType } = request;
    const { pipeline, close } = await openPipeline();
    try {
      const { data } = await runPaidAnalysis(
        { pipeline },
        { operation: operation.key, requestId: 'req_cli_local', language, animalType, photo: () => bytes },
      );
      print(JSON.stringify(data, null, 2));
    } finally {
      await close();
    }
  } catch (error) {
    throw error instanceof ApiError ? new Error(`${error.code}: ${error.message}`) : error;
  }
}
