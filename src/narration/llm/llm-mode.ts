/** PAWLENS_LLM: auto uses Ollama when it answers and the templates otherwise; required makes its failure the request's. */
export const LLM_MODES = ['auto', 'off', 'required'] as const;
export type LlmMode = (typeof LLM_MODES)[number];
