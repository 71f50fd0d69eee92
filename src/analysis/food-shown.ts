import type { PhotoNeeds } from '../findings/photo-needs.js';
import type { SceneSubject } from '../findings/verdict.js';
import type { Scene } from '../vision/scene/describe-scene.js';
import { COCO_DISHES, COCO_PLAIN_FOOD } from '../vision/tables/coco-names.js';
import { FOOD_LIMITS } from './limits/food-limits.js';

/**
 * A specimen's photo that shows a meal: the classifier reading the frame is sure of food, or leans
 * to it where the detector boxes plain food over part of the frame; or, for a specimen that may
 * hold food (vomit), surer still and the detector sure of a dish in it (FOOD_LIMITS).
 */
export function foodShown(needs: PhotoNeeds, scene: Scene): SceneSubject | undefined {
  const food = scene.frameFood ?? 0;
  const dish = () =>
    scene.things.some((thing) => COCO_DISHES.has(thing.label) && thing.score >= FOOD_LIMITS.servedDishScore);
  const boxedFood = () =>
    food >= FOOD_LIMITS.boxedFoodProbability &&
    scene.things
      .filter((thing) => COCO_PLAIN_FOOD.has(thing.label) && thing.score >= FOOD_LIMITS.boxedFoodScore)
      .reduce((share, thing) => share + thing.share, 0) >= FOOD_LIMITS.boxedFoodShare;
  const meal = needs.mayBeFood
    ? food >= FOOD_LIMITS.servedDishFood && dish()
    : food >= FOOD_LIMITS.foodProbability || boxedFood();
  return meal ? { kind: 'food' } : undefined;
}

/**
 * A specimen that may hold food (vomit) in which the classifier, reading the whole frame, sees a
 * little food: what the stool localizer fired on may be chunky vomit, not stool
 * (FOOD_LIMITS.stoolGroundFoodProbability).
 */
export const mayHoldFood = (needs: PhotoNeeds, scene: Scene): boolean =>
  needs.mayBeFood === true && (scene.frameFood ?? 0) >= FOOD_LIMITS.stoolGroundFoodProbability;
