/** What an operation needs to see before its rules may speak (DESIGN.md §4). */
export interface PhotoNeeds {
  /** A subject standing out from a plain background (stool on a floor); close-ups need none. */
  readonly subject: boolean;
  /**
   * The kind of photo: a specimen (stool, urine, vomit: no whole animal, person or unrelated
   * object as its content), a close-up (skin, ear: no whole animal, person or object, no lawn or
   * sky), or an animal (emotion, breed).
   */
  readonly shows: 'specimen' | 'close-up' | 'animal';
}
