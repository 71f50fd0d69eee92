import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { summary } from '../../../src/contract/data-fields.js';
import type { NarrationRequest } from '../../../src/narration/llm/narration-request.js';
import { readAnswer } from '../../../src/narration/llm/read-answer.js';

const TWO_SENTENCES = 'The photo shows a brown stool. A photo cannot show its consistency.';

/** A request for `fields`, as an operation would make it; only what readAnswer reads matters. */
function requestFor<Fields extends z.ZodObject>(fields: Fields): NarrationRequest<Fields> {
  return {
    task: 'Describe the stool in the photo.',
    fields,
    fieldHelp: {},
    labelFields: [],
    facts: [],
    fallback: { home_care: ['Keep water available.', 'Watch the next stools.'], vet_advice: [] },
    fromFallback: { topUp: { home_care: 2 }, ifMissing: ['vet_advice'] },
    limitation: 'A photo shows colour only.',
    input: { image: undefined as never, language: 'en', animalType: undefined, requestId: 'req_readanswer' },
  };
}

describe('readAnswer: parse, then validate, then at most one repair', () => {
  it('uses an answer the schema takes as written, and does not count it repaired', () => {
    // A schema that strips unknown keys takes this answer as it is; repairing first called it "dropped unknown fields".
    const read = readAnswer(requestFor(z.object({ summary })), JSON.stringify({ summary: TWO_SENTENCES, note: 'x' }));
    expect(read).toEqual({ ok: true, fields: { summary: TWO_SENTENCES }, repairs: [] });
  });

  it('repairs only an answer the schema refuses, then checks it again', () => {
    const fields = z.strictObject({ summary });
    const oneSentence = readAnswer(requestFor(fields), JSON.stringify({ summary: 'The photo shows a brown stool.' }));
    expect(oneSentence).toEqual({
      ok: true,
      fields: { summary: 'The photo shows a brown stool. A photo shows colour only.' },
      repairs: ['limitation sentence added'],
    });
    const unknownField = readAnswer(requestFor(fields), JSON.stringify({ summary: TWO_SENTENCES, note: 'x' }));
    expect(unknownField).toMatchObject({ ok: true, repairs: ['dropped unknown fields'] });
  });

  it('refuses what no safe repair can fix, with the schema problems of the repaired answer', () => {
    const read = readAnswer(requestFor(z.strictObject({ summary })), JSON.stringify({ summary: 3 }));
    expect(read).toMatchObject({ ok: false, cause: 'schema' });
  });
});
