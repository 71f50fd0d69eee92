import type { PhotoNeeds } from '../findings/photo-needs.js';
import type { SceneSubject } from '../findings/verdict.js';
import type { Scene } from '../vision/scene/describe-scene.js';
import { COCO_DISHES } from '../vision/tables/coco-names.js';
import { FOOD_LIMITS } from './food-limits.js';

/**
 * A specimen's photo that shows a meal: the classifier reading the frame is sure of food, or, for a
 * specimen that may hold food (vomit), surer still and the detector sure of a dish in it (FOOD_LIMITS).
 */
export function foodShown(needs: PhotoNeeds, scene: Scene): SceneSubject | undefined {
  const food = scene.frameFood ?? 0;
  const dish = () =>
    scene.things.some((thing) => COCO_DISHES.has(thing.label) && thing.score >= FOOD_LIMITS.servedDishScore);
  const meal = needs.mayBeFood ? food >= FOOD_LIMITS.servedDishFood && dish() : food >= FOOD_LIMITS.foodProbability;
  return meal ? { kind: 'food' } : undefined;
}
