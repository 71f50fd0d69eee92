import type { z } from 'zod';
import { HEALTH_OPERATION_KEYS, type OperationKey } from '../contract/operation-keys.js';
import { breed } from './breed.js';
import { ear } from './ear.js';
import { emotion } from './emotion.js';
import type { HealthOperation } from './health-operation.js';
import type { Operation } from './operation.js';
import { skin } from './skin.js';
import { stool } from './stool.js';
import { urine } from './urine.js';
import { vomit } from './vomit.js';

/**
 * The seven operations, in SPEC.md §4's order. Routes, the OpenAPI document, metrics labels and
 * the shared tests are all produced by looping over this one frozen table.
 */
export const OPERATIONS = Object.freeze({ stool, vomit, urine, skin, emotion, ear, breed }) satisfies {
  readonly [K in OperationKey]: Operation<K>;
};

export const OPERATION_LIST: readonly Operation[] = Object.freeze(Object.values(OPERATIONS));

/** The five that judge health: severity, home care and vet advice. */
export const HEALTH_OPERATIONS: readonly HealthOperation[] = Object.freeze(
  HEALTH_OPERATION_KEYS.map((key) => OPERATIONS[key]),
);

/** What an operation answers with: its closed data shape. */
export type OperationData<K extends OperationKey> = z.infer<(typeof OPERATIONS)[K]['data']>;

/** The operation at a path segment ("feces-analysis"), or named by its key ("stool"). */
export const operationNamed = (name: string): Operation | undefined =>
  OPERATION_LIST.find((op) => op.key === name || op.path === name);
