import type { Language } from '../contract/language.js';
import type { DecodedImage } from '../image/decoded-image.js';

/** Everything an operation's analysis may use: the decoded photo and the request's options. */
export interface AnalysisInput {
  readonly image: DecodedImage;
  readonly language: Language;
  /** Trimmed, lower-cased, free text; a prior the photo may overrule. */
  readonly animalType: string | undefined;
  readonly requestId: string;
}
