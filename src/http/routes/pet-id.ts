import { ApiError } from '../../contract/api-error.js';
import { RECORD_ID } from '../../contract/pet-records.js';
import type { Step } from '../call-steps.js';

/** A clinic's own patient id (RECORD_ID). */
export const PET_ID = RECORD_ID;

/** The pet a path or header names, checked: a bad one is the client's error, said plainly. */
export function checkPetId(text: string, where: string): string {
  if (!PET_ID.test(text)) {
    throw new ApiError(
      'VALIDATION_ERROR',
      `${where} must be 1 to 64 letters, digits, ".", "_", ":" or "-", starting with a letter or digit (a chart number or a UUID).`,
    );
  }
  return text;
}

/** X-Pet-Id, when sent, as the call's `petId`: the answer is then kept in that pet's records (docs/design.md §11). */
export const petIdOf: Step<object, { petId: string | undefined }> = (req) => {
  const header = req.get('x-pet-id');
  return { petId: header === undefined ? undefined : checkPetId(header.trim(), 'X-Pet-Id') };
};
