/** The response languages of docs/contract.md §2.1; the first is the default (docs/design.md §1). */
export const LANGUAGES = ['en', 'zh', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * Maps a client's language tag to a response language: case-insensitive, and a region or script
 * subtag (zh-CN, es_MX, zh-Hans) maps to its primary language. Returns undefined when unsupported.
 */
export function resolveLanguage(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === primary);
}
