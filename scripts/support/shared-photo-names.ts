/** The shared photos (../shared/photos): pets, people and objects, each sent to every operation by the reference answers and the before/after comparison. */
export const SHARED_PHOTOS = [
  'chelsea.png',
  'coffee.png',
  'darknet_giraffe.jpg',
  'darknet_horses.jpg',
  'darknet_person.jpg',
  'kitten_224.png',
  'wml_dog.jpg',
] as const;
