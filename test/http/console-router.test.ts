import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/contract/language.js';
import { OPERATION_LIST } from '../../src/operations/registry.js';
import { createTestApp } from '../fixtures/test-app.js';

describe('what the console learns of this server (/console/config.json)', () => {
  it("lists every operation of the registry, with its name in each language from the operation's own words", async () => {
    const app = await createTestApp({ clinicName: 'Riverside Vets' });
    const config = (await request(app.http).get('/console/config.json').expect(200)).body;
    expect(config.clinicName).toBe('Riverside Vets');
    expect(config.operations.map((op: { key: string }) => op.key)).toEqual(OPERATION_LIST.map((op) => op.key));
    for (const [i, operation] of OPERATION_LIST.entries()) {
      expect(config.operations[i]).toEqual({
        key: operation.key,
        path: operation.path,
        title: operation.title,
        names: Object.fromEntries(LANGUAGES.map((language) => [language, operation.words[language].name])),
        fields: Object.fromEntries(LANGUAGES.map((language) => [language, operation.words[language].fieldNames])),
      });
      // Every field the card shows has its label in every language, from the operation's folder (issue 44).
      const shown = Object.keys(operation.data.shape).filter(
        (field) => !['severity', 'summary', 'home_care', 'vet_advice', 'health_score_max'].includes(field),
      );
      for (const language of LANGUAGES)
        expect(Object.keys(operation.words[language].fieldNames).sort(), `${operation.key} ${language}`).toEqual(
          shown.sort(),
        );
    }
    expect(config.operations.find((op: { key: string }) => op.key === 'ear').names).toEqual({
      en: 'Ear canal',
      zh: '耳道',
      es: 'Canal auditivo',
    });
  });
});
