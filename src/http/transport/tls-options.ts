/** PAWLENS_TLS_CERT and PAWLENS_TLS_KEY, read: the server then speaks HTTPS only. */
export interface TlsFiles {
  readonly cert: Buffer;
  readonly key: Buffer;
}

/**
 * TLS 1.3's suites, then TLS 1.2's with ECDHE key exchange and an AEAD cipher only: a recorded
 * session cannot be read later with the server's key (forward secrecy), and no CBC suite with its
 * padding-oracle history is offered. Every browser and HTTP client of the last decade has these.
 */
const FORWARD_SECRET_CIPHERS = [
  'TLS_AES_128_GCM_SHA256',
  'TLS_AES_256_GCM_SHA384',
  'TLS_CHACHA20_POLY1305_SHA256',
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
].join(':');

/** The server's TLS settings: the clinic's certificate, TLS 1.2 at least, forward-secret AEAD suites only. */
export const tlsOptions = (tls: TlsFiles) => ({
  cert: tls.cert,
  key: tls.key,
  minVersion: 'TLSv1.2' as const,
  ciphers: FORWARD_SECRET_CIPHERS,
  honorCipherOrder: true,
});
