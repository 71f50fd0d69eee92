import { parseArgs } from 'node:util';
import { parseAnalysisRequest } from '../contract/analysis-request.js';
import { ApiError } from '../contract/api-error.js';
import { runPaidAnalysis } from '../analysis/paid-analysis.js';
import type { Pipeline } from '../analysis/pipeline.js';
import { OPERATION_LIST, operationNamed } from '../operations/registry.js';
import { readPhotoFile } from './read-photo-file.js';

export const ANALYZE_USAGE = `pawlens analyze OPERATION IMAGE [--language en|zh|es] [--animal-type TYPE]
      Analyse a local photo without HTTP or a key; prints the response's data as JSON.
      OPERATION: ${OPERATION_LIST.map((operation) => operation.key).join(', ')} (or its path, e.g. feces-analysis).`;

/** The same pipeline the HTTP route runs, from a file: intake, analysis, closed-schema check. */
export async function runAnalyzeCommand(
  args: string[],
  pipeline: Pipeline,
  print: (line: string) => void,
): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: { language: { type: 'string' }, 'animal-type': { type: 'string' } },
  });
  const [name, file] = positionals;
  const operation = name === undefined ? undefined : operationNamed(name);
  if (!operation || !file) throw new Error(ANALYZE_USAGE);
  try {
    const bytes = await readPhotoFile(file);
    const request = parseAnalysisRequest({
      image: 'unused',
      language: values.language,
      animalType: values['animal-type'],
    });
    // The analysis the HTTP route runs, with nobody to charge: its answer checked against the closed schema all the same.
    const { language, animalType } = request;
    const { data } = await runPaidAnalysis(
      { pipeline },
      { operation: operation.key, requestId: 'req_cli_local', language, animalType, photo: () => bytes },
    );
    print(JSON.stringify(data, null, 2));
  } catch (error) {
    throw error instanceof ApiError ? new Error(`${error.code}: ${error.message}`) : error;
  }
}
