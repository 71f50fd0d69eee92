import { IMAGENET_PET_CLASSES, type Species } from '../tables/imagenet-pets.js';

/*
 * The species a request's animalType names: free text, as an owner or a clinic's app writes it
 * ("dog", "Puppies", "my cat", "Golden Retriever", "gatito", "小狗"), cleaned by the contract
 * (trimmed, lower-cased, spaces collapsed: analysis-request.ts), and lower-cased here again for
 * callers that pass text of their own (a pet-breed model's "Cat/Abyssinian" labels).
 */

/**
 * Words and phrases for each species, "|" between them: English, Spanish and Chinese, singular and
 * plural, the words for the young, and the breed groups owners name a pet by (a lab, a husky).
 */
const SPECIES_WORDS: Readonly<Record<Species, string>> = {
  dog:
    'dog|dogs|puppy|puppies|pup|pups|doggy|doggie|doggo|pooch|canine|mutt|mongrel|' +
    'lab|labrador|retriever|terrier|spaniel|poodle|husky|bulldog|collie|hound|corgi|dachshund|' +
    'perro|perra|perros|perras|perrito|perrita|perritos|cachorro|cachorros|' +
    '狗|犬|小狗|狗狗|幼犬|宠物狗',
  cat:
    'cat|cats|kitten|kittens|kitty|kitties|feline|moggy|moggie|tomcat|calico|' +
    'gato|gata|gatos|gatas|gatito|gatita|gatitos|minino|' +
    '猫|小猫|猫咪|猫猫|幼猫|宠物猫',
  rabbit: 'rabbit|rabbits|bunny|bunnies|conejo|coneja|conejos|conejito|conejita|兔|兔子|小兔|小兔子|兔兔',
  hamster: 'hamster|hamsters|hámster|hámsteres|hámsters|仓鼠|小仓鼠',
  guinea_pig:
    'guinea pig|guinea pigs|guinea_pig|cavy|cavies|' +
    'cobaya|cobayas|cobayo|cuy|cuyes|conejillo de indias|' +
    '豚鼠|荷兰猪|天竺鼠',
};

/** A breed's names as a client may write them: whole, and either side of a parenthesis ("Japanese Chin (Japanese Spaniel)"). */
const namesOf = (name: string) => {
  const [main, aside] = name.toLowerCase().split(/\s*[(（]\s*|\s*[)）]\s*/);
  return [name.toLowerCase(), main, aside].filter((part): part is string => Boolean(part));
};

/** ImageNet's pet classes that are pets (not the wild relatives), in the three languages. */
const PET_NAMES = IMAGENET_PET_CLASSES.filter((pet) => !pet.wild).flatMap(({ name, species }) =>
  [name.en, name.es, name.zh].flatMap(namesOf).map((text) => [text, species] as const),
);

/** The words of a text: its letters and digits, split at anything else. */
const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}_]+/u).filter(Boolean);

/** What Chinese writes before a pet without a space: "my", "our family's", "one", "this", "that" ("我的小狗"). */
const CHINESE_BEFORE_A_PET = /^(?:我的|我家的|我家|我们家的|一只|一条|这只|那只)/u;

/**
 * What names a species, surest first: its words and phrases, then a breed's name (ImageNet's pet
 * classes, coat patterns such as "tabby" included). Maps, so that client text such as "constructor"
 * finds no Object member. Not a word of a breed's name alone: "white", "giant" and "tiger" are words
 * of breeds' names too.
 */
const NAMING: readonly ReadonlyMap<string, Species>[] = [
  new Map(
    Object.entries(SPECIES_WORDS).flatMap(([species, words]) =>
      words.split('|').map((word) => [word, species as Species] as const),
    ),
  ),
  new Map(PET_NAMES),
];

/**
 * The species an animalType names, if any: the whole text, or its words, pairs and triples of words
 * ("my dog", "persian cat", "rescue puppies", "a golden retriever"), asked of each way of naming in
 * turn (NAMING): the first that names one species gives it; one that names two ("dog or cat")
 * gives none, as does text naming none ("parrot", "white").
 */
export function speciesFromAnimalType(animalType: string | undefined): Species | undefined {
  if (!animalType) return undefined;
  const text = animalType.toLowerCase();
  const words = wordsOf(text).map((word) => word.replace(CHINESE_BEFORE_A_PET, '') || word);
  const pairs = words.slice(1).map((word, i) => `${words[i]} ${word}`);
  const triples = words.slice(2).map((word, i) => `${words[i]} ${words[i + 1]} ${word}`);
  const texts = [text, ...words, ...pairs, ...triples];
  for (const naming of NAMING) {
    const named = new Set(texts.flatMap((text) => naming.get(text) ?? []));
    if (named.size > 0) return named.size === 1 ? [...named][0] : undefined;
  }
  return undefined;
}
