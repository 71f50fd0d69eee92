import type { z } from 'zod';
import { ApiError } from '../contract/api-error.js';
import type { NarrationRequest } from '../narration/llm/narration-request.js';
import type { OllamaNarrator } from '../narration/llm/ollama-narrator.js';

export interface LlmStage {
  readonly narrator: OllamaNarrator;
  /** auto: use the LLM when it answers, else the templates; required: its failure is a 502. */
  readonly mode: 'auto' | 'required';
}

/**
 * The narrate step's policy for a configured language model: its fields, or undefined when the
 * templates must answer (auto mode); in required mode its failure is the request's failure,
 * free of charge. A down Ollama is left alone for a while rather than waited on by every photo.
 */
export function languageModelStep(stage: LlmStage) {
  /** Whether a photo judged now would go to the model: not while auto mode leaves a down Ollama alone. */
  const willTry = () => stage.mode === 'required' || stage.narrator.available();
  const write = async <Fields extends z.ZodObject>(
    request: NarrationRequest<Fields>,
  ): Promise<z.infer<Fields> | undefined> => {
    if (!willTry()) return undefined;
    const outcome = await stage.narrator.narrate(request);
    if (outcome.ok) return outcome.fields;
    if (stage.mode === 'required') {
      if (outcome.cause === 'loading') {
        throw new ApiError(
          'SERVICE_BUSY',
          'The language model this server requires is still loading; retry in a minute. Nothing was charged.',
          { 'Retry-After': '30' },
        );
      }
      if (outcome.cause === 'queue_full') {
        throw new ApiError(
          'SERVICE_BUSY',
          'Every language model slot is taken and the LLM queue is full; retry shortly. Nothing was charged.',
          { 'Retry-After': '5' },
        );
      }
      throw new ApiError(
        'AI_CALL_FAILED',
        `The language model this server requires failed (${outcome.cause}); nothing was charged.`,
      );
    }
    return undefined;
  };
  return { write, willTry, model: stage.narrator.model };
}
