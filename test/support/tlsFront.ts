// TLS in front of a local endpoint, for transport tests: a throw-away self-signed certificate
// (made with the openssl command) for the names the test uses, and a listener on 127.0.0.1 that
// decrypts and forwards each connection in plain.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tls from 'node:tls';

export interface TlsFront {
  port: number;
  /** The certificate (PEM), which no authority signed: trust it to connect. */
  cert: string;
  close(): Promise<void>;
}

export async function startTlsFront(targetPort: number, altNames: string): Promise<TlsFront> {
  const dir = mkdtempSync(join(tmpdir(), 'flint-tls-front-'));
  let key: string;
  let cert: string;
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1',
      '-subj', '/CN=flint-test', '-addext', `subjectAltName=${altNames}`,
    ], { stdio: 'pipe' });
    key = readFileSync(join(dir, 'key.pem'), 'utf8');
    cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const sockets = new Set<net.Socket>();
  const server = tls.createServer({ key, cert }, (secure) => {
    const plain = net.connect({ port: targetPort, host: '127.0.0.1' });
    for (const s of [secure, plain]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    secure.pipe(plain).pipe(secure);
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as net.AddressInfo).port,
    cert,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
