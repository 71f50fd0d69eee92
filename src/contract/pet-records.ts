import { z } from 'zod';
import { RequestId } from './envelopes.js';

/**
 * A clinic's own patient id, and a clinic's name: letters, digits and . _ : - (chart numbers,
 * UUIDs), 1 to 64 of them, starting with a letter or digit.
 */
export const RECORD_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/**
 * What made a kept answer (issue 41): the models that read the photo (name and sha256), the
 * language model that wrote its text (null: the built-in templates), and whether it assessed
 * anything (false: the photo was refused). Null for records kept before pawlens recorded it.
 */
export const MadeByData = z.strictObject({
  models: z.array(z.strictObject({ name: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
  llm: z.string().nullable(),
  assessed: z.boolean(),
});
export type MadeBy = z.infer<typeof MadeByData>;

/**
 * GET /api/v1/pets/{petId}/analyses: a page of a pet's results, newest first (docs/design.md §11).
 * `operations`: the keys a result may be of, the registry's.
 */
export const petAnalysesData = (operations: readonly [string, ...string[]]) =>
  z.strictObject({
    pet_id: z.string(),
    analyses: z.array(
      z.strictObject({
        request_id: RequestId,
        operation: z.enum(operations),
        created_at: z.iso.datetime(),
        credits_charged: z.number().int().min(0),
        /** The analysis's data as it was answered: the operation's closed shape. */
        data: z.record(z.string(), z.unknown()),
        /** Whether the photo was kept (PAWLENS_KEEP_IMAGES): GET …/analyses/{request_id}/photo then returns it. */
        has_photo: z.boolean(),
        made_by: MadeByData.nullable(),
      }),
    ),
    /** Pass as ?before= for the next (older) page; null on the last one. */
    next_before: z.string().nullable(),
  });

/** DELETE /api/v1/pets/{petId}: what was erased. */
export const PetDeletedData = z.strictObject({ pet_id: z.string(), deleted: z.number().int().min(0) });
