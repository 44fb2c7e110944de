import { describe, expect, it } from 'vitest';
import { defaultConfig, type Config } from '../../src/config/config';
import { silentLogger, type Logger } from '../../src/log/logger';
import { createRouter, routerSettings } from '../../src/router/createRouter';

function recordingLog(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    log: { ...silentLogger, info: (m) => lines.push(`info ${m}`), trace: (m) => lines.push(`trace ${m}`) },
  };
}

describe('createRouter', () => {
  it('logs each decision with its reasons, never the instruction', () => {
    const { log, lines } = recordingLog();
    const route = createRouter({ config: defaultConfig, log });
    const d = route({ surface: 'chat', text: 'secret plan for a.ts and b.ts', files: [], tokenEstimate: 10 });
    expect(d.target).toBe('full');
    expect(lines).toEqual(['info route: full (full model: 2 files referenced)']);
  });

  it('reads the settings at every decision, so a change applies at once', () => {
    const { log, lines } = recordingLog();
    let config: Config = defaultConfig();
    const route = createRouter({ config: () => config, log });
    const request = { surface: 'edit' as const, text: 'tidy', files: ['a.ts'], tokenEstimate: 10 };
    expect(route(request).target).toBe('fast');
    config = { ...config, 'router.mode': 'full' };
    expect(route(request).target).toBe('full');
    expect(lines[1]).toBe('info route: full (setting flint.router.mode = full)');
  });

  it('logs ghost-text decisions at trace level only', () => {
    const { log, lines } = recordingLog();
    createRouter({ config: defaultConfig, log })({ surface: 'completion', text: '', files: [], tokenEstimate: 10 });
    expect(lines).toEqual(['trace route: fast (fast model: ghost text is always fast)']);
  });

  it('maps the flint.router.* settings', () => {
    const config = { ...defaultConfig(), 'router.fileThreshold': 4, 'router.fastContextTokens': 2048 };
    expect(routerSettings(config)).toEqual({ mode: 'auto', fileThreshold: 4, fastContextTokens: 2048 });
  });
});
