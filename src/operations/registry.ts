import type { z } from 'zod';
import { breed } from './breed/breed.js';
import { ear } from './ear/ear.js';
import { emotion } from './emotion/emotion.js';
import type { HealthOperation } from './health/health-operation.js';
import type { Operation } from './operation.js';
import { skin } from './skin/skin.js';
import { stool } from './stool/stool.js';
import { urine } from './urine/urine.js';
import { vomit } from './vomit/vomit.js';

/** A registry whose every row is the operation its key names. */
const registry = <T extends { readonly [K in keyof T]: Operation<K & string> }>(operations: T): Readonly<T> =>
  Object.freeze(operations);

/**
 * The operations, in docs/contract.md §4's order: one row each, one folder each. Routes, the OpenAPI
 * document, metrics labels, the console's list, the severity heads and the shared tests are all
 * produced by looping over this one frozen table; no other list of operations exists.
 */
export const OPERATIONS = registry({ stool, vomit, urine, skin, emotion, ear, breed });

export type OperationKey = keyof typeof OPERATIONS;

export const OPERATION_LIST: readonly Operation<OperationKey>[] = Object.freeze(Object.values(OPERATIONS));

export const OPERATION_KEYS = Object.freeze(OPERATION_LIST.map((operation) => operation.key)) as readonly [
  OperationKey,
  ...OperationKey[],
];

const isHealthOperation = (operation: Operation<OperationKey>): operation is HealthOperation<HealthOperationKey> =>
  'rules' in operation;

/** The health operations (severity, home care and vet advice, judged by a rule table): those whose row is a HealthOperation. */
export type HealthOperationKey = {
  [K in OperationKey]: (typeof OPERATIONS)[K] extends { readonly rules: unknown } ? K : never;
}[OperationKey];

export const HEALTH_OPERATIONS: readonly HealthOperation<HealthOperationKey>[] = Object.freeze(
  OPERATION_LIST.filter(isHealthOperation),
);

export const HEALTH_OPERATION_KEYS = Object.freeze(
  HEALTH_OPERATIONS.map((operation) => operation.key),
) as readonly HealthOperationKey[];

/** The operations a head the clinic trained can answer for: those with a field its label fills (docs/design.md §13). */
export const TRAINABLE_OPERATION_KEYS = Object.freeze(
  OPERATION_LIST.filter((operation) => operation.headField !== undefined).map((operation) => operation.key),
) as readonly OperationKey[];

/** What an operation answers with: its closed data shape. */
export type OperationData<K extends OperationKey> = z.infer<(typeof OPERATIONS)[K]['data']>;

/** The operation at a path segment ("feces-analysis"), or named by its key ("stool"). */
export const operationNamed = (name: string): Operation<OperationKey> | undefined =>
  OPERATION_LIST.find((op) => op.key === name || op.path === name);
