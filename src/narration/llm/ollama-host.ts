/** Ollama's own default, and the port it listens on when OLLAMA_HOST names none. */
export const DEFAULT_OLLAMA_HOST = '127.0.0.1:11434';
const OLLAMA_DEFAULT_PORT = '11434';

/** Ollama's base address, always with its port spelled out. */
export interface OllamaHost {
  /** e.g. http://127.0.0.1:11434, with no trailing slash: what the ollama client takes. */
  readonly base: string;
  /** The host name or address alone, for the privacy check (IPv6 without brackets). */
  readonly hostname: string;
}

/**
 * OLLAMA_HOST → its base address, by the rules of Ollama's own client: no scheme means port 11434,
 * an explicit scheme without a port means 80 or 443, ":port" means 127.0.0.1. URL objects drop
 * default ports, so the port is spelled out here. Undefined when it cannot be a host.
 */
export function parseOllamaHost(text: string): OllamaHost | undefined {
  let host = text.trim();
  if (!host) return undefined;
  let explicitScheme = host.includes('://');
  if (host.startsWith(':')) {
    host = `http://127.0.0.1${host}`;
    explicitScheme = true;
  }
  if (!explicitScheme) host = `http://${host}`;
  let url: URL;
  try {
    url = new URL(host);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password)
    return undefined;
  if (url.pathname !== '/' || url.search || url.hash) return undefined;
  const port = url.port || (explicitScheme ? (url.protocol === 'https:' ? '443' : '80') : OLLAMA_DEFAULT_PORT);
  return { base: `${url.protocol}//${url.hostname}:${port}`, hostname: url.hostname.replace(/^\[|\]$/g, '') };
}
