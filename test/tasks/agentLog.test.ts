import { describe, expect, it } from 'vitest';
import { AgentLog, type AgentEvent } from '../../src/tasks/agentLog';

describe('AgentLog', () => {
  it('keeps one entry per run of a turn\'s text while listeners get every delta', () => {
    const log = new AgentLog();
    const heard: AgentEvent[] = [];
    log.onEvent((e) => heard.push(e));
    log.append({ kind: 'turn', turn: 1, at: 0 });
    for (let i = 0; i < 1000; i++) log.append({ kind: 'text', turn: 1, delta: `t${i} `, at: i });
    log.append({ kind: 'tool-call', turn: 1, callId: 'c', name: 'read_file', arguments: '{}', at: 1000 });
    log.append({ kind: 'turn', turn: 2, at: 1001 });
    log.append({ kind: 'text', turn: 2, delta: 'second', at: 1002 });
    expect(log.events.map((e) => e.kind)).toEqual(['turn', 'text', 'tool-call', 'turn', 'text']);
    expect(heard.filter((e) => e.kind === 'text')).toHaveLength(1001);
    expect(heard[1]).toEqual({ kind: 'text', turn: 1, delta: 't0 ', at: 0 });
    expect(log.textOf(1)).toBe(Array.from({ length: 1000 }, (_, i) => `t${i} `).join(''));
    expect(log.textOf(2)).toBe('second');
  });
});
