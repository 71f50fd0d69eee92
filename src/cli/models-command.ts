import { parseCommandArgs } from './parse-command-args.js';
import { join } from 'node:path';
import { installModel } from '../vision/runtime/install-model.js';
import { loadModel } from '../vision/runtime/load-model.js';
import { MODEL_CATALOGUE, RECOMMENDED_MODELS } from '../vision/runtime/model-catalogue.js';
import { BUILTIN_SUBDIR, PACKAGE_MODELS_DIR } from '../vision/runtime/models-location.js';
import { listModelDirs } from '../vision/vision-models.js';

export const MODELS_USAGE = `pawlens models — the ONNX models on this host

  pawlens models list [--json]
      Every built-in and installed model, verified (hash, manifest, graph).
  pawlens models install NAME|recommended [--from DIR|URL]
      Install a catalogued model, checking every file's sha256: from a folder (air-gapped hosts;
      a folder of model folders works too), a mirror URL, or, without --from, the catalogue's
      upstream addresses. "recommended" installs ${RECOMMENDED_MODELS.slice(0, -1).join(', ')} and
      ${RECOMMENDED_MODELS.at(-1)}.
  pawlens models catalogue
      The models that can be installed.`;

export async function runModelsCommand(
  args: string[],
  modelsDir: string,
  print: (line: string) => void,
): Promise<void> {
  const { values, positionals } = parseCommandArgs('models', args, {
    from: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  const [verb, name] = positionals;
  switch (verb) {
    case 'install': {
      if (!name) throw new Error(`Usage: pawlens models install NAME|recommended [--from DIR|URL]\n\n${MODELS_USAGE}`);
      for (const model of name === 'recommended' ? RECOMMENDED_MODELS : [name]) {
        const manifest = await installModel(model, { from: values.from, modelsDir });
        print(
          `Installed ${manifest.name} (${manifest.task}, sha256 ${manifest.sha256.slice(0, 12)}…) into ${join(modelsDir, manifest.name)}.`,
        );
      }
      print('Restart pawlens to use it.');
      return;
    }
    case 'list': {
      const dirs = [
        ...(await listModelDirs(join(PACKAGE_MODELS_DIR, BUILTIN_SUBDIR))).map((dir) => ({ dir, origin: 'built-in' })),
        ...(await listModelDirs(modelsDir, BUILTIN_SUBDIR)).map((dir) => ({ dir, origin: 'installed' })),
      ];
      const rows = [];
      for (const { dir, origin } of dirs) {
        try {
          const model = await loadModel(dir);
          await model.release();
          const { manifest } = model;
          rows.push({
            name: manifest.name,
            origin,
            task: manifest.task,
            operation: manifest.operation,
            sha256: manifest.sha256,
            dir,
            status: 'ok',
          });
        } catch (error) {
          rows.push({ name: dir.split('/').at(-1), origin, dir, status: `broken: ${(error as Error).message}` });
        }
      }
      if (values.json) print(JSON.stringify(rows));
      else
        for (const row of rows) print(`${row.name}  ${row.origin}  ${'task' in row ? row.task : '-'}  ${row.status}`);
      if (!values.json && !rows.some((row) => row.origin === 'installed')) {
        print(
          'No scene models installed; "pawlens models install recommended" installs them ("pawlens models catalogue" lists them all).',
        );
      }
      return;
    }
    case 'catalogue':
      for (const [catalogued, entry] of Object.entries(MODEL_CATALOGUE)) print(`${catalogued}  ${entry.about}`);
      return;
    default:
      throw new Error(verb ? `Unknown models command "${verb}".\n\n${MODELS_USAGE}` : MODELS_USAGE);
  }
}
