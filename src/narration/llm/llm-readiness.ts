import type { OllamaNarrator } from './ollama-narrator.js';

export type LlmState = 'ok' | 'unreachable' | 'model_missing' | 'no_vision';

/** Whether Ollama answers, has the model pulled, and the model can see images (/api/show). */
export async function llmReadiness(narrator: OllamaNarrator): Promise<LlmState> {
  try {
    const shown = await narrator.client.show({ model: narrator.model });
    return (shown.capabilities ?? []).includes('vision') ? 'ok' : 'no_vision';
  } catch (error) {
    const e = error as { name?: string; status_code?: number };
    return e.name === 'ResponseError' && e.status_code === 404 ? 'model_missing' : 'unreachable';
  }
}
