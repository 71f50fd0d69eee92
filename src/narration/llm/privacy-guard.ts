import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { OllamaHost } from './ollama-host.js';

/**
 * Photos go to the LLM, so the LLM must be on this host or the private network (docs/design.md §6):
 * loopback, RFC 1918, link-local, carrier-grade NAT (VPN overlays such as Tailscale) and IPv6
 * unique-local addresses.
 */
const PRIVATE_NETWORKS = new BlockList();
PRIVATE_NETWORKS.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE_NETWORKS.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE_NETWORKS.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE_NETWORKS.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE_NETWORKS.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE_NETWORKS.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE_NETWORKS.addAddress('::1', 'ipv6');
PRIVATE_NETWORKS.addSubnet('fc00::', 7, 'ipv6');
PRIVATE_NETWORKS.addSubnet('fe80::', 10, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE_NETWORKS.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return PRIVATE_NETWORKS.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivacyGuardError extends Error {
  override readonly name = 'PrivacyGuardError';
}

type Lookup = (hostname: string) => Promise<Array<{ address: string }>>;
const lookupAll: Lookup = (hostname) => dnsLookup(hostname, { all: true });

/**
 * Refuses an LLM host that is, or resolves to any address that is, outside the private ranges,
 * unless PAWLENS_ALLOW_REMOTE_LLM=1 says the operator knowingly sends photos there.
 */
export async function assertPrivateLlmHost(
  host: OllamaHost,
  allowRemote: boolean,
  lookup: Lookup = lookupAll,
): Promise<void> {
  if (allowRemote) return;
  const { hostname } = host;
  let addresses: string[];
  if (isIP(hostname)) {
    addresses = [hostname];
  } else {
    try {
      addresses = (await lookup(hostname)).map((entry) => entry.address);
    } catch {
      throw new PrivacyGuardError(
        `OLLAMA_HOST ${host.base} does not resolve, so pawlens cannot check that photos would stay on a private network. Fix the name, or set PAWLENS_LLM=off.`,
      );
    }
  }
  const publicAddresses = addresses.filter((address) => !isPrivateAddress(address));
  if (publicAddresses.length > 0) {
    throw new PrivacyGuardError(
      `OLLAMA_HOST ${host.base} is a public address (${publicAddresses.join(', ')}): pawlens sends patient photos to the LLM and refuses to send them off the private network. ` +
        'Run Ollama on this host or the local network, or set PAWLENS_ALLOW_REMOTE_LLM=1 if you accept that photos leave it.',
    );
  }
}

/** Ollama forwards a model named `…:cloud` or `…-cloud` to ollama.com, photo included. */
export const isCloudModelName = (model: string) => /[:-]cloud$/i.test(model.trim());

/**
 * Refuses a model Ollama would run on ollama.com (docs/design.md §6), as a public host is refused:
 * by its name here, and by `remote_host` in /api/show when the narrator probes it.
 */
export function assertLocalModel(model: string, allowRemote: boolean): void {
  if (allowRemote || !isCloudModelName(model)) return;
  throw new PrivacyGuardError(cloudModelMessage(model));
}

export const cloudModelMessage = (model: string) =>
  `PAWLENS_OLLAMA_MODEL=${model} is a cloud model: Ollama forwards its requests, patient photos included, to ollama.com. ` +
  'Use a model that runs in Ollama itself, set OLLAMA_NO_CLOUD=1 for Ollama, or set PAWLENS_ALLOW_REMOTE_LLM=1 if you accept that photos leave the building.';
