import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { bearerToken } from '../../accounts/authenticate.js';

/** Whether a peer address is this machine (IPv4, IPv6, or IPv4 mapped into IPv6). */
export const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address));

/** How many Authorization headers a request carries: Node keeps the first and drops the rest. */
export const authorizationHeaders = (req: Request): number =>
  req.rawHeaders.filter((name, i) => i % 2 === 0 && name.toLowerCase() === 'authorization').length;

/** Whether the Host header names this machine (localhost, 127.x, [::1]), with or without a port. */
export const isLoopbackHost = (host: string | undefined): boolean => {
  const name = host?.replace(/:\d+$/, '').toLowerCase();
  return name === 'localhost' || name === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(name ?? '');
};

/**
 * Who may read the operator's pages (/metrics, /readyz's details): with PAWLENS_ADMIN_TOKEN set,
 * whoever sends it as a Bearer token, in one Authorization header; without it, only this machine,
 * asking for it by a loopback name. The Docker image listens on every interface, where these
 * pages would otherwise tell the LAN the server's load and state; and a page in a browser on this
 * machine could read them through a name that resolves to 127.0.0.1 (DNS rebinding), which the
 * Host header gives away.
 */
export function adminAllowed(req: Request, token: string | undefined): boolean {
  if (!token) return isLoopbackAddress(req.socket.remoteAddress) && isLoopbackHost(req.get('host'));
  if (authorizationHeaders(req) !== 1) return false;
  const sent = bearerToken(req.get('authorization'));
  if (!sent) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}
