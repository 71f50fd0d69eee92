import { Router, type Request } from 'express';
import type { KeyRecord, PetRecords } from '../../accounts/account-store.js';
import { ApiError } from '../../contract/api-error.js';
import { API_PREFIXES } from '../../contract/api-prefixes.js';
import { PetDeletedData, petAnalysesData } from '../../contract/pet-records.js';
import { OPERATION_KEYS } from '../../operations/registry.js';
import { methodNotAllowed } from '../error-handler.js';
import { checkPetId } from './pet-id.js';
import { requestIdOf } from '../request-id.js';
import { ANSWERED, type KeyedSteps, type Step, Steps } from '../call-steps.js';
import { successBody } from '../../contract/success-body.js';

const DEFAULT_PAGE = 20;
const MAX_PAGE = 100;

/** A page of a pet's results, whose operations are the registry's. */
export const PetAnalysesData = petAnalysesData(OPERATION_KEYS);

/** ?limit=, a whole number, and ?before=, a previous page's next_before; or the client is told what they must be. */
function pageOf(query: Record<string, unknown>): { limit: number; before: string | undefined } {
  const { limit, before } = query;
  if (limit !== undefined && (typeof limit !== 'string' || !/^\d{1,3}$/.test(limit) || +limit < 1 || +limit > MAX_PAGE))
    throw new ApiError('VALIDATION_ERROR', `?limit= must be a whole number from 1 to ${MAX_PAGE}.`);
  if (before !== undefined && (typeof before !== 'string' || !/^req_[A-Za-z0-9]{1,60}$/.test(before)))
    throw new ApiError('VALIDATION_ERROR', "?before= must be the next_before of the pet's previous page.");
  return { limit: limit === undefined ? DEFAULT_PAGE : Number(limit), before };
}

/** The pet the path names, checked. */
const petOf = (req: Request) => checkPetId(String(req.params.petId), 'The pet id in the path');

/**
 * A pet's records (docs/design.md §11), per API key: a key sees and erases only its own. Listing and
 * erasing cost nothing; both take the key's rate limit like any call.
 */
export function petRecordsRoute(store: PetRecords, keyed: KeyedSteps<{ key: KeyRecord }>): Router {
  const router = Router();
  const list: Step<{ key: KeyRecord }> = async (req, res, { key }) => {
    const petId = petOf(req);
    const { limit, before } = pageOf(req.query as Record<string, unknown>);
    // One more than asked for says whether there is a next page.
    const records = await store.petRecords(key.id, petId, limit + 1, before);
    if (!records)
      throw new ApiError(
        'VALIDATION_ERROR',
        `?before= names no record of pet ${petId}: it was erased since, or came from another pet; list again from the newest.`,
      );
    const page = records.slice(0, limit);
    const data = {
      pet_id: petId,
      analyses: page.map((record) => ({
        request_id: record.requestId,
        operation: record.operation,
        created_at: record.at,
        credits_charged: record.creditsCharged,
        data: record.data,
        has_photo: record.hasPhoto,
        made_by: record.madeBy,
      })),
      // The last record's request id: opaque, and only meaningful to this clinic's keys for this pet.
      next_before: records.length > limit ? page.at(-1)!.requestId : null,
    };
    res.json(successBody(requestIdOf(res), PetAnalysesData, data));
    return ANSWERED;
  };
  const erase: Step<{ key: KeyRecord }> = async (req, res, { key }) => {
    const petId = petOf(req);
    const deleted = await store.deletePet(key.id, petId);
    res.json(successBody(requestIdOf(res), PetDeletedData, { pet_id: petId, deleted }));
    return ANSWERED;
  };
  const photo: Step<{ key: KeyRecord }> = async (req, res, { key }) => {
    const petId = petOf(req);
    const kept = await store.petPhoto(key.id, petId, String(req.params.requestId));
    if (!kept)
      throw new ApiError(
        'NOT_FOUND',
        `No photo is kept for ${String(req.params.requestId).slice(0, 80)} of pet ${petId} (photos are kept only with PAWLENS_KEEP_IMAGES=1).`,
      );
    res.type(`image/${kept.format}`).send(kept.bytes);
    return ANSWERED;
  };
  const keyedBy = (step: Step<{ key: KeyRecord }>) => keyed(Steps.start()).step(step).handlers();
  for (const prefix of API_PREFIXES) {
    router
      .route(`${prefix}/pets/:petId/analyses/:requestId/photo`)
      .get(...keyedBy(photo))
      .all(methodNotAllowed(['GET']));
    router
      .route(`${prefix}/pets/:petId/analyses`)
      .get(...keyedBy(list))
      .all(methodNotAllowed(['GET']));
    router
      .route(`${prefix}/pets/:petId`)
      .delete(...keyedBy(erase))
      .all(methodNotAllowed(['DELETE']));
  }
  return router;
}
