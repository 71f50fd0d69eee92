import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { bearerToken } from '../accounts/authenticate.js';

/** Whether a peer address is this machine (IPv4, IPv6, or IPv4 mapped into IPv6). */
export const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address));

/**
 * Who may read the operator's pages (/metrics, /readyz's details): with PAWLENS_ADMIN_TOKEN set,
 * whoever sends it as a Bearer token; without it, only this machine. The Docker image listens on
 * every interface, where these pages would otherwise tell the LAN the server's load and state.
 */
export function adminAllowed(req: Request, token: string | undefined): boolean {
  if (!token) return isLoopbackAddress(req.socket.remoteAddress);
  const sent = bearerToken(req.get('authorization'));
  if (!sent) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}
