import { describe, expect, it } from 'vitest';
import { connectionLabel } from '../../src/status/connectionLabel';

const base = { endpoint: 'ws://127.0.0.1:9/v1/responses', transport: 'ws' as const };

describe('connectionLabel', () => {
  it('shows warm with the endpoint in the tooltip', () => {
    const l = connectionLabel({ ...base, status: 'warm' }, '42 ms · 1,200 tok/s');
    expect(l.text).toBe('$(zap) Flint 42 ms · 1,200 tok/s');
    expect(l.tooltip).toContain('warm');
    expect(l.tooltip).toContain(base.endpoint);
    expect(l.warning).toBe(false);
  });
  it('shows offline with its reason and a warning', () => {
    const l = connectionLabel({ ...base, status: 'offline', reason: 'connection refused' });
    expect(l.text).toContain('offline');
    expect(l.tooltip).toContain('connection refused');
    expect(l.warning).toBe(true);
  });
  it('says when requests go over HTTP because the WebSocket is down, with why', () => {
    const l = connectionLabel(
      { status: 'warm', transport: 'http', endpoint: 'http://127.0.0.1:1/v1', reason: 'Cannot reach ws://127.0.0.1:1', fallback: 'WebSocket unavailable: requests go over HTTP until it is back' },
      '60 ms',
    );
    expect(l.text).toBe('$(warning) Flint: over HTTP 60 ms');
    expect(l.tooltip).toContain('requests go over HTTP');
    expect(l.tooltip).toContain('HTTP · http://127.0.0.1:1/v1');
    expect(l.tooltip).toContain('Cannot reach ws://127.0.0.1:1');
    expect(l.warning).toBe(true);
  });
});
