import type { PhotoNeeds } from '../../findings/photo-needs.js';
import type { SceneSubject } from '../../findings/verdict.js';
import type { Scene } from '../../vision/scene/describe-scene.js';
import { COCO_DISHES, COCO_PLAIN_FOOD, COCO_YELLOW_FRUIT } from '../../vision/tables/coco-names.js';
import { FOOD_LIMITS } from '../limits/food-limits.js';

/**
 * A specimen's photo that shows a meal: the classifier reading the frame is sure of food, or leans
 * to it where the detector boxes plain food over part of the frame. A specimen that may hold food
 * (vomit) asks the classifier to be surer, with the detector sure of a dish in it; whole fruit and
 * vegetables the detector boxes surely, the plain food that is no dish, are food to it too
 * (FOOD_LIMITS.boxedFoodShare); so are oranges and bananas, where the classifier is as sure of food
 * as a served dish asks (COCO_YELLOW_FRUIT).
 */
export function foodShown(needs: PhotoNeeds, scene: Scene): SceneSubject | undefined {
  const food = scene.frameFood ?? 0;
  const dish = () =>
    scene.things.some((thing) => COCO_DISHES.has(thing.label) && thing.score >= FOOD_LIMITS.servedDishScore);
  const boxedFood = (counts: (label: string) => boolean) =>
    food >= FOOD_LIMITS.boxedFoodProbability &&
    scene.things
      .filter((thing) => counts(thing.label) && thing.score >= FOOD_LIMITS.boxedFoodScore)
      .reduce((share, thing) => share + thing.share, 0) >= FOOD_LIMITS.boxedFoodShare;
  const plainFood = (label: string) => COCO_PLAIN_FOOD.has(label);
  // Chunky vomit may be boxed as a dish, which `dish` asks more of; whole fruit and vegetables it is not.
  const produce = (label: string) => plainFood(label) && !COCO_DISHES.has(label);
  const yellowFruit = (label: string) => COCO_YELLOW_FRUIT.has(label);
  const meal = needs.mayBeFood
    ? (food >= FOOD_LIMITS.servedDishFood && (dish() || boxedFood(yellowFruit))) || boxedFood(produce)
    : food >= FOOD_LIMITS.foodProbability || boxedFood(plainFood);
  return meal ? { kind: 'food' } : undefined;
}

/**
 * A specimen that may hold food (vomit) in which the classifier, reading the whole frame, sees a
 * little food: what the stool localizer fired on may be chunky vomit, not stool
 * (FOOD_LIMITS.stoolGroundFoodProbability).
 */
export const mayHoldFood = (needs: PhotoNeeds, scene: Scene): boolean =>
  needs.mayBeFood === true && (scene.frameFood ?? 0) >= FOOD_LIMITS.stoolGroundFoodProbability;
