/** A model that cannot be installed or loaded, with a sentence an operator can act on. */
export class ModelLoadError extends Error {
  override readonly name = 'ModelLoadError';
}
