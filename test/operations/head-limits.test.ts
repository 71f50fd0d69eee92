import { describe, expect, it } from 'vitest';
import { loadAnalysisModels } from '../../src/analysis/load-analysis-models.js';
import { createPipeline } from '../../src/analysis/pipeline.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import { LANGUAGES } from '../../src/contract/language.js';
import { LABEL_NAME_MAX } from '../../src/vision/runtime/head-labels.js';
import { sceneJpeg } from '../../scripts/support/scenes.js';
import { RULE_SCENES } from '../../scripts/support/rule-scenes.js';
import { tempDir } from '../fixtures/temp-dir.js';
import { createTestApp } from '../fixtures/test-app.js';
import { installFixedHead, label, meanColourBackbone } from '../fixtures/trained-heads.js';

/** The most a head.json may say: a name of LABEL_NAME_MAX characters, six items of home care and six of vet advice. */
const fullest = (severity: 'mild' | 'severe') => {
  const six = (word: string) => Array.from({ length: 6 }, (_, i) => `${word} ${i + 1}: ${'x'.repeat(380)}.`);
  const name = 'n'.repeat(LABEL_NAME_MAX);
  return label('full', severity, {
    name: { en: name, zh: '名'.repeat(LABEL_NAME_MAX), es: name },
    home_care: { en: six('Care'), zh: six('护理'), es: six('Cuidado') },
    vet_advice: { en: six('Vet'), zh: six('兽医'), es: six('Veterinario') },
  });
};

describe('a head saying the most head.json allows, sure on every rule’s scene, in every language', () => {
  it('never makes an answer its schema refuses (no 500)', async () => {
    const modelsDir = tempDir('pawlens-head-limits-');
    const backbone = meanColourBackbone(modelsDir);
    for (const operation of ['stool', 'vomit', 'urine', 'skin', 'ear'] as const)
      await installFixedHead(modelsDir, backbone, {
        name: `full-${operation}`,
        operation,
        labels: { full: fullest('severe'), other: label('other', 'mild') },
        bias: [Math.log(0.95), Math.log(0.05)],
        threshold: 0.6,
      });
    const vision = await loadAnalysisModels({ modelsDir });
    const app = await createTestApp({ pipeline: createPipeline(vision) });
    const said: string[] = [];
    try {
      for (const [operation, rule, scene] of RULE_SCENES)
        for (const language of LANGUAGES) {
          const response = await app.post(operation, { image: (await sceneJpeg(scene)).toString('base64'), language });
          expect(response.status, `${operation}/${rule}/${language}: ${JSON.stringify(response.body)}`).toBe(200);
          expect(() => OPERATIONS[operation].data.parse(response.body.data)).not.toThrow();
          said.push(JSON.stringify(response.body.data));
        }
      // The head took part: its name and its advice are in the answers (the test is of something).
      expect(said.filter((data) => data.includes('n'.repeat(LABEL_NAME_MAX))).length).toBeGreaterThan(10);
      expect(said.filter((data) => data.includes('Vet 6:')).length).toBeGreaterThan(10);
    } finally {
      await Promise.all(vision.loaded.map((model) => model.release()));
    }
  }, 120_000);
});
