import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of src/, lowest first (README, "Architecture"). A module may import from its own
 * layer or any below it, never from one above. Each top-level folder (and each file directly in
 * src/) is one unit of one layer: the findings types sit below narration and the operations, which
 * both speak in them; an operation's words are in its own folder; nothing below http knows it is
 * served.
 */
const LAYERS: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    'foundations',
    [
      'src/contract/',
      'src/logger.ts',
      'src/metrics.ts',
      'src/work-queue.ts',
      'src/version.ts',
      'src/readiness-check.ts',
      'src/process-tuning.ts',
    ],
  ],
  ['image and accounts', ['src/image/', 'src/accounts/']],
  ['vision', ['src/vision/']],
  ['findings', ['src/findings/']],
  ['narration', ['src/narration/']],
  ['operations', ['src/operations/']],
  ['analysis', ['src/analysis/']],
  ['training', ['src/training/']],
  ['config and http', ['src/config.ts', 'src/http/']],
  ['cli', ['src/cli/', 'src/cli.ts']],
];

const ROOT = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|js)$/.test(entry.name) ? [path] : [];
  });
}

const STATIC_IMPORT =
  /(?:^|\n)\s*(?:import|export)\b([^'"]*?)from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Relative specifiers of `file` as paths from the repository root. */
function resolved(file: string, specifiers: string[]): string[] {
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) =>
      relative(ROOT, resolve(ROOT, dirname(file), specifier)).replace(
        /\.js$/,
        file.endsWith('.js') && !specifier.endsWith('.ts') ? '.js' : '.ts',
      ),
    )
    .map((path) => (FILES.includes(path) ? path : path.replace(/\.ts$/, '.js')));
}

/** Every relative import (static, dynamic, type-only, side-effect) of a file, as a path from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(STATIC_IMPORT)].map((match) => match[2] ?? match[3]!);
  return resolved(file, [...specifiers, ...[...text.matchAll(DYNAMIC_IMPORT)].map((match) => match[1]!)]);
}

/** The relative imports loaded as soon as `file` is: static ones, without `import(…)` and type-only ones (erased). */
function loadedWith(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return resolved(
    file,
    [...text.matchAll(STATIC_IMPORT)]
      .filter((match) => !/^\s*type\b/.test(match[1] ?? ''))
      .map((match) => match[2] ?? match[3]!),
  );
}

/** The layer a file belongs to: the one whose most specific path covers it. */
function layerOf(file: string): number {
  let best = -1;
  let bestLength = -1;
  LAYERS.forEach(([, paths], index) => {
    for (const path of paths) {
      if ((file === path || file.startsWith(path)) && path.length > bestLength) {
        best = index;
        bestLength = path.length;
      }
    }
  });
  return best;
}

const FILES = sourceFiles('src');
const GRAPH = new Map(FILES.map((file) => [file, importsOf(file)]));

/** A file's unit: its top-level folder of src/ ("src/http/"), or the file itself when it sits directly in src/. */
const unitOf = (file: string) => {
  const [, top, rest] = /^src\/([^/]+)(\/.*)?$/.exec(file) ?? [];
  return rest ? `src/${top}/` : file;
};
const UNITS = new Map<string, string[]>();
for (const file of FILES) UNITS.set(unitOf(file), [...(UNITS.get(unitOf(file)) ?? []), file]);

/** Every cycle of a directed graph, each as "a → b → a". */
function cyclesOf(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, path: string[]) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') {
      cycles.push([...path.slice(path.indexOf(node)), node].join(' → '));
      return;
    }
    state.set(node, 'open');
    for (const target of edges.get(node) ?? []) visit(target, [...path, node]);
    state.set(node, 'done');
  };
  for (const node of edges.keys()) visit(node, []);
  return cycles;
}

describe('the import graph of src/', () => {
  it('reads a real graph: every file is in a layer, and every import resolves to a file', () => {
    expect(FILES.length).toBeGreaterThan(50);
    expect(FILES.filter((file) => layerOf(file) < 0)).toEqual([]);
    const unresolved = [...GRAPH].flatMap(([file, imports]) =>
      imports.filter((target) => !FILES.includes(target)).map((target) => `${file} → ${target}`),
    );
    expect(unresolved).toEqual([]);
    expect(GRAPH.get('src/analysis/pipeline.ts')).toContain('src/operations/registry.ts');
    expect(UNITS.size).toBeGreaterThan(10);
  });

  it('runs one way: no module imports from a layer above its own', () => {
    const upward = [...GRAPH].flatMap(([file, imports]) =>
      imports
        .filter((target) => layerOf(target) > layerOf(file))
        .map((target) => `${file} (${LAYERS[layerOf(file)]![0]}) → ${target} (${LAYERS[layerOf(target)]![0]})`),
    );
    expect(upward).toEqual([]);
  });

  it("places whole folders: every file of a top-level folder of src/ is in that folder's one layer", () => {
    const split = [...UNITS].filter(([, files]) => new Set(files.map(layerOf)).size > 1).map(([unit]) => unit);
    expect(split).toEqual([]);
  });

  it('has no cycles between folders: the folders of src/ import each other one way', () => {
    const edges = new Map([...UNITS.keys()].map((unit) => [unit, new Set<string>()]));
    for (const [file, imports] of GRAPH) {
      for (const target of imports) if (unitOf(target) !== unitOf(file)) edges.get(unitOf(file))!.add(unitOf(target));
    }
    expect(cyclesOf(edges)).toEqual([]);
  });

  it("keeps each operation to its folder: only the registry imports an operation's folder from outside it", () => {
    // health/ is the machinery the five health operations share, not an operation.
    const operationFolder = (file: string) => /^src\/operations\/(?!health\/)([^/]+)\//.exec(file)?.[0];
    const reaching = [...GRAPH].flatMap(([file, imports]) =>
      imports
        .filter((target) => operationFolder(target) && operationFolder(target) !== operationFolder(file))
        .filter(() => file !== 'src/operations/registry.ts')
        .map((target) => `${file} → ${target}`),
    );
    expect(reaching).toEqual([]);
    expect(GRAPH.get('src/operations/registry.ts')).toContain('src/operations/stool/stool.ts');
  });

  it('runs one way inside vision too: tables and the ONNX writer, pixels, the runtime, the models, then scene meaning', () => {
    // The models are vision's top files (its adapters and vision-models) with heads/, localizer/ and
    // builtin/ (the colour analyser's graph, generated).
    const VISION = [
      ['tables and the ONNX writer', ['src/vision/tables/', 'src/vision/onnx/']],
      ['pixels', ['src/vision/pixels/']],
      ['runtime', ['src/vision/runtime/']],
      ['models', ['src/vision/heads/', 'src/vision/localizer/', 'src/vision/builtin/', 'src/vision/']],
      ['scene', ['src/vision/scene/']],
    ] as const;
    const subLayerOf = (file: string) => {
      const covering = VISION.flatMap(([, paths], index) =>
        paths
          .filter((path) => file.startsWith(path) && (path !== 'src/vision/' || !file.slice(path.length).includes('/')))
          .map(() => index),
      );
      return covering[0] ?? -1;
    };
    const visionFiles = FILES.filter((file) => file.startsWith('src/vision/'));
    expect(visionFiles.filter((file) => subLayerOf(file) < 0)).toEqual([]);
    const upward = visionFiles.flatMap((file) =>
      GRAPH.get(file)!
        .filter((target) => target.startsWith('src/vision/') && subLayerOf(target) > subLayerOf(file))
        .map((target) => `${file} (${VISION[subLayerOf(file)]![0]}) → ${target} (${VISION[subLayerOf(target)]![0]})`),
    );
    expect(upward).toEqual([]);
    expect(GRAPH.get('src/vision/scene/describe-scene.ts')!.some((target) => subLayerOf(target) === 3)).toBe(true);
  });

  it('keeps each folder of src/ to at most 20 source files of its own', () => {
    const crowded = [...new Set(FILES.map(dirname))]
      .map((dir) => [dir, FILES.filter((file) => dirname(file) === dir).length] as const)
      .filter(([, count]) => count > 20);
    expect(crowded).toEqual([]);
  });

  it('has no cycles, even inside a layer', () => {
    expect(cyclesOf(new Map([...GRAPH].map(([file, imports]) => [file, new Set(imports)])))).toEqual([]);
  });

  it('keeps the tests to themselves: nothing in src/ or scripts/ imports from test/ (shared helpers live in scripts/support/)', () => {
    const product = [...sourceFiles('src'), ...sourceFiles('scripts')];
    const intoTests = product.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('test/'))
        .map((target) => `${file} → ${target}`),
    );
    expect(product.some((file) => file.startsWith('scripts/support/'))).toBe(true);
    expect(intoTests).toEqual([]);
  });

  it('keeps every test double in one home, scripts/support/doubles/: none among the fixtures', () => {
    const doubles = sourceFiles('test/fixtures').filter((file) =>
      /(^|\/)(fake|failing|exiting|stand-in|pipelines)[^/]*$/.test(file),
    );
    expect(doubles).toEqual([]);
    expect(sourceFiles('scripts/support/doubles').length).toBeGreaterThan(3);
  });

  it('loads the PostgreSQL store and its driver only where a database is named, never with a command on SQLite', () => {
    const loaded = new Set<string>();
    const load = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const target of loadedWith(file)) load(target);
    };
    load('src/cli.ts');
    // The command table loads each command's modules when it runs (import()): whichever command runs,
    // the walk takes them all.
    for (const command of GRAPH.get('src/cli/command-table.ts')!) load(command);
    // The walk is real: it reaches the SQLite store and the server, and the PostgreSQL store is in the graph, behind import().
    expect(loaded).toContain('src/accounts/sqlite/sqlite-account-store.ts');
    expect(loaded).toContain('src/cli/start-server.ts');
    expect(GRAPH.get('src/cli/open-store.ts')).toContain('src/accounts/postgres/postgres-account-store.ts');
    expect([...loaded].filter((file) => /postgres-account-store|migrate-to-postgres/.test(file))).toEqual([]);
  });
});
