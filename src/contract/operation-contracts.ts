import type { z } from 'zod';
import { BreedData, EarData, EmotionData, SkinData, StoolData, UrineData, VomitData } from './data-shapes.js';

/** The seven endpoints of SPEC.md §4: path segment, title, and the closed `data` shape. */
export const OPERATION_CONTRACTS = {
  stool: { path: 'feces-analysis', title: 'Stool health analysis', data: StoolData },
  vomit: { path: 'vomit-analysis', title: 'Vomit analysis', data: VomitData },
  urine: { path: 'urine-analysis', title: 'Urine analysis', data: UrineData },
  skin: { path: 'skin-analysis', title: 'Skin analysis', data: SkinData },
  emotion: { path: 'emotion-analysis', title: 'Emotion analysis', data: EmotionData },
  ear: { path: 'ear-analysis', title: 'Ear canal analysis', data: EarData },
  breed: { path: 'breed-identification', title: 'Breed identification', data: BreedData },
} as const;

export type OperationKey = keyof typeof OPERATION_CONTRACTS;
export type OperationData<K extends OperationKey> = z.infer<(typeof OPERATION_CONTRACTS)[K]['data']>;
export const OPERATION_KEYS = Object.keys(OPERATION_CONTRACTS) as OperationKey[];

/** The two path prefixes SPEC.md §4 lists for every operation. */
export const API_PREFIXES = ['/api/v1', '/v1'] as const;

/** Health operations carry severity, home_care and vet_advice (SPEC.md §1). */
export const HEALTH_OPERATIONS = ['stool', 'vomit', 'urine', 'skin', 'ear'] as const satisfies readonly OperationKey[];
export type HealthOperationKey = (typeof HEALTH_OPERATIONS)[number];

export const isHealthOperation = (operation: OperationKey): operation is HealthOperationKey =>
  (HEALTH_OPERATIONS as readonly OperationKey[]).includes(operation);
