import type { OperationWords } from '../operation-words.js';

/** What a breed sentence says of the classifier's reading. */
export interface BreedFacts {
  readonly species: string;
  readonly breed: string;
  /** Whole percent. */
  readonly percent: number;
  readonly statedAnimal: string | undefined;
}

/** An animal that is no pet, the classifier's best match, and the pet species it outweighs; whole percents. */
export interface OutweighedFacts {
  readonly topMatch: string;
  readonly percent: number;
  readonly species: string;
  readonly speciesPercent: number;
}

export interface BreedWords extends OperationWords {
  readonly unknown: string;
  readonly noAnimalSpecies: string;
  readonly noAnimalBreed: string;
  readonly mixedBreed: string;
  noModel(): string;
  /**
   * `topMatch` is the classifier's best match as PetIdentification.topName names it in this
   * language: the label in English, the kind of thing it is in Chinese and Spanish.
   */
  noAnimal(topMatch: string): string;
  /** The breed field for an animal that is not a pet. */
  readonly notAPetBreed: string;
  /**
   * An animal that is not a pet (`animal`, as the detector or the classifier names it), and the
   * classifier's best match. Where the detector names it (`byDetector`), the sentence says so: its
   * class and the classifier's best match may name different animals (a weevil boxed as a bird).
   */
  notAPet(animal: string, topMatch: string, byDetector: boolean): string;
  /**
   * No pet is named, yet the classifier's best match (`topMatch`, as noAnimal names it) is a pet's
   * own class: too faint to name, or disputed by the detector, which took the animal for `detected`
   * (in this language) where it did.
   */
  modelsDisagree(topMatch: string, detected: string | undefined): string;
  /** Follows noAnimal: why there is no breed and what photo to send. */
  readonly noAnimalAdvice: string;
  /**
   * The classifier leans to another species than the request's (`stated`, as sent) without being
   * sure of it: neither is given, and nothing is charged.
   */
  doubtsStated(facts: { readonly stated: string; readonly species: string; readonly percent: number }): string;
  /**
   * The classifier's best match is an animal that is no pet (`topMatch`, as noAnimal names it), alone
   * likelier than `species` with all its breeds together: neither is given, and nothing is charged.
   */
  outweighed(facts: OutweighedFacts): string;
  /**
   * The classifier gives `species` too little to name it, and no detector's box of it vouches for
   * it (a chess knight read 47% dog): neither species nor breed is given, and nothing is charged.
   */
  faint(facts: { readonly species: string; readonly percent: number }): string;
  /**
   * The classifier names `species` from the animal's crop without being sure of it, and read whole,
   * nothing cut off, its best match is `wholeMatch` (as noAnimal names it): another species, no pet,
   * a wild animal, or none of the species' classes where it gives the species little
   * (second-view.ts). Neither is given, and nothing is charged.
   */
  viewsDisagree(facts: { readonly species: string; readonly percent: number; readonly wholeMatch: string }): string;
  identified(facts: BreedFacts): string;
  speciesOnly(facts: BreedFacts): string;
  /**
   * What the judgement rests on: how many animals (and their name, where they share one), how much
   * of the frame the judged one fills, its coat; `ahead`, the detector's name for it, where it was
   * judged ahead of a larger animal because the request named its species (`asked`: the dog asked
   * about beside a horse) or because it is a pet and the detector takes none larger for one (`pet`:
   * the dog beside a horse, no animal named); else the largest was judged.
   */
  traits(facts: {
    readonly animals: number;
    /** The name the animals share, where there are several of one kind ("cat": "2 cats"). */
    readonly named?: string | undefined;
    readonly percent: number;
    readonly coat: string | undefined;
    readonly ahead?: { readonly name: string; readonly because: 'asked' | 'pet' };
  }): string;
  /** The next most likely breeds, when the first is far from sure. */
  alternatives(breeds: ReadonlyArray<{ readonly name: string; readonly percent: number }>): string;
  readonly limitation: string;
  readonly llm: OperationWords['llm'] & {
    /** The classifier's reading, as the model is told it. */
    petLine(species: string, speciesPercent: number, breed: string | undefined, breedPercent: number): string;
    noPetLine(topMatch: string): string;
    /** …where an object detector takes it for `detected`, a pet (petUnread, petReadAsOtherAnimal). */
    unreadPetLine(detected: string): string;
    /** The classifier leans, unsure, to `species` where the request said `stated`. */
    doubtLine(stated: string, species: string, percent: number): string;
    /** The classifier leans, unsure, to `species` where the detector boxes the animal as `detected` (a cat, a dog). */
    disputedLine(detected: string, species: string, percent: number): string;
    /** The classifier's best match, an animal that is no pet, outweighs `species`. */
    outweighedLine(facts: OutweighedFacts): string;
    /** The classifier leans, too unsure to name it, to `species`. */
    faintLine(species: string, percent: number): string;
    /** The classifier leans, unsure, to `species` from the crop, and its best match for the animal seen whole is `wholeMatch`. */
    viewsDisagreeLine(species: string, percent: number, wholeMatch: string): string;
    readonly noClassifier: string;
  };
}
