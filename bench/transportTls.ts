// TLS for the transport benchmark: a throw-away self-signed certificate for 127.0.0.1 and a
// terminator that decrypts and forwards plain TCP to the local endpoint.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tls from 'node:tls';

export interface Certificate {
  key: string;
  cert: string;
}

/** A one-day P-256 certificate for 127.0.0.1 and localhost, made with the openssl command. */
export function selfSignedCertificate(): Certificate {
  const dir = mkdtempSync(join(tmpdir(), 'flint-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1',
        '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      ],
      { stdio: 'pipe' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } catch (err) {
    throw new Error(`Could not make a TLS certificate with the openssl command (install openssl): ${(err as Error).message}`, { cause: err });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface TlsTerminator {
  port: number;
  close(): Promise<void>;
}

/** Accepts TLS on 127.0.0.1 and forwards each connection in plain to `targetPort`. */
export async function startTlsTerminator(certificate: Certificate, targetPort: number): Promise<TlsTerminator> {
  const sockets = new Set<net.Socket>();
  const server = tls.createServer({ ...certificate }, (secure) => {
    secure.setNoDelay(true);
    const plain = net.connect({ port: targetPort, host: '127.0.0.1', noDelay: true });
    for (const s of [secure, plain]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    secure.pipe(plain).pipe(secure);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
