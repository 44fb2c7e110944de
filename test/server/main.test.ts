import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { WsEventClient } from './wsEventClient';

// The endpoint as its own program, the way other tools start it.
function launch(args: string[]): { child: ChildProcess; firstLine: Promise<string>; exit: Promise<number | null>; stderr: () => string } {
  const child = spawn(process.execPath, ['scripts/endpoint.mjs', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: child.stdout! });
  const firstLine = new Promise<string>((resolve) => lines.once('line', resolve));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, firstLine, exit, stderr: () => stderr };
}

describe('endpoint program', () => {
  it('prints its URL first, serves, and exits cleanly on SIGTERM', async () => {
    const p = launch(['--port', '0', '--token', 'cli-token', '--tokens-per-second', '0']);
    try {
      const line = await p.firstLine;
      const origin = /http:\/\/127\.0\.0\.1:\d+/.exec(line)?.[0];
      expect(line).toMatch(/^Flint endpoint listening on http:\/\/127\.0\.0\.1:\d+$/);
      const c = await WsEventClient.open(`${origin!.replace('http', 'ws')}/v1/responses`, { Authorization: 'Bearer cli-token' });
      c.send({ type: 'response.create', input: 'hello' });
      const done = await c.terminal();
      // The default fixture answers greetings.
      expect(done.response.output[0].content[0].text).toMatch(/^Hello!/);
      c.close();
    } finally {
      p.child.kill('SIGTERM');
    }
    expect(await p.exit).toBe(0);
  }, 60_000);

  it('exits with a usage message on a bad flag', async () => {
    const p = launch(['--engine', 'nope']);
    expect(await p.exit).toBe(2);
    expect(p.stderr()).toMatch(/--engine must be scripted, tiny or llama/);
  }, 60_000);
});
