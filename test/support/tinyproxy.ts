// A real HTTP proxy for the transport tests: Debian's tinyproxy, run in the foreground on a free
// 127.0.0.1 port with a configuration of the test's choosing, its log read back to see what went
// through it. `npm test` installs it (scripts/installE2E.mjs).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/freePort.mjs';

export interface TinyproxyOptions {
  /** Basic authentication the proxy asks for. */
  auth?: { user: string; password: string };
  /** Ports CONNECT may reach; any port when not given. */
  connectPorts?: number[];
}

export interface Tinyproxy {
  port: number;
  /** http://[user:password@]127.0.0.1:port */
  url: string;
  /** The requests the proxy took so far, one line each ("CONNECT 0.0.0.0:1234", "POST http://…"). */
  requests(): string[];
  stop(): Promise<void>;
}

export async function startTinyproxy(options: TinyproxyOptions = {}): Promise<Tinyproxy> {
  if (spawnSync('sh', ['-c', 'command -v tinyproxy'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('tinyproxy is not installed: run "node scripts/installE2E.mjs" (npm test does) or "apt-get install tinyproxy".');
  }
  const dir = mkdtempSync(join(tmpdir(), 'flint-tinyproxy-'));
  const port = await freePort();
  const log = join(dir, 'tinyproxy.log');
  const lines = [
    `Port ${port}`,
    'Listen 127.0.0.1',
    'Allow 127.0.0.1',
    'Timeout 60',
    'MaxClients 50',
    'LogLevel Connect',
    `LogFile "${log}"`,
    `PidFile "${join(dir, 'tinyproxy.pid')}"`,
    'DisableViaHeader Yes',
    ...(options.auth ? [`BasicAuth ${options.auth.user} ${options.auth.password}`] : []),
    ...(options.connectPorts ?? []).map((p) => `ConnectPort ${p}`),
  ];
  writeFileSync(join(dir, 'tinyproxy.conf'), `${lines.join('\n')}\n`);
  const child: ChildProcess = spawn('tinyproxy', ['-d', '-c', join(dir, 'tinyproxy.conf')], { stdio: 'ignore' });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await waitForPort(port, child);
  const creds = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.password)}@` : '';
  return {
    port,
    url: `http://${creds}127.0.0.1:${port}`,
    requests() {
      let text: string;
      try {
        text = readFileSync(log, 'utf8');
      } catch {
        return [];
      }
      return [...text.matchAll(/Request \(file descriptor \d+\): (\S+ \S+)/g)].map((m) => m[1]!);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`tinyproxy exited at start (code ${child.exitCode})`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`tinyproxy did not listen on 127.0.0.1:${port} within 10 s`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
