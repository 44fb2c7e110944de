import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/logger';
import type { RequestSample } from '../../src/metrics/requestSample';
import { route } from '../../src/router/route';
import { ChatInputError, ChatSession } from '../../src/chat/chatSession';
import type { AssistantTurn, Conversation, Turn, UserTurn } from '../../src/chat/chatTypes';
import { newConversation } from '../../src/chat/conversation';
import { ModelError } from '../../src/transport/modelError';
import { until } from '../../support/until.mjs';
import { FakeModelClient } from '../support/fakeModelClient';

function setup(conv: Conversation = newConversation('c1', 0)) {
  /** The models' clock (timing marks), moved by the tests. */
  const clock = { ms: 0 };
  const fast = new FakeModelClient({ model: 'fast-model', now: () => clock.ms });
  const full = new FakeModelClient({ model: 'full-model', now: () => clock.ms });
  const samples: RequestSample[] = [];
  const events: string[] = [];
  let n = 0;
  const session = new ChatSession(
    {
      client: (r) => (r === 'fast' ? fast : full),
      route: (req) => route(req, { mode: 'auto', fileThreshold: 2, fastContextTokens: 100_000 }),
      metrics: { record: (s) => samples.push(s) },
      log: silentLogger,
      instructions: 'be brief',
      contextTokens: (r) => (r === 'full' ? 400_000 : 100_000),
      newId: () => `t${++n}`,
      wallClock: () => 1000 + n,
    },
    {
      turnAdded: (t) => events.push(`added ${t.role} ${t.id}`),
      delta: (id, text) => events.push(`delta ${id} ${text}`),
      turnUpdated: (t) => events.push(`updated ${t.id} ${t.status}`),
      changed: () => {},
      streamingChanged: (s) => events.push(`streaming ${s}`),
    },
    conv,
  );
  return { session, fast, full, clock, samples, events, turns: () => session.conversation.turns };
}

/** The running answer ended, however it ended. */
const ended = (session: ChatSession) => until('the answer ended', () => !session.streaming);

const answers = (turns: Turn[]) => turns.filter((t): t is AssistantTurn => t.role === 'assistant');

describe('ChatSession turns', () => {
  it('streams an answer into the transcript and records it as used', async () => {
    const { session, fast, clock, samples, events, turns } = setup();
    session.send({ text: 'explain this', contexts: [] });
    expect(session.streaming).toBe(true);
    clock.ms = 10;
    fast.last.push('Hello', ' world');
    await fast.last.taken();
    fast.last.end('completed', { responseId: 'resp_1' });
    await ended(session);
    const [user, answer] = turns() as [UserTurn, AssistantTurn];
    expect(user.text).toBe('explain this');
    expect(answer).toMatchObject({ text: 'Hello world', status: 'done', responseId: 'resp_1' });
    expect(answer.meta).toMatchObject({ route: 'fast', model: 'fast-model', outputTokens: 2, firstTokenMs: 10 });
    expect(answer.meta.reasons[0]).toContain('fast model');
    expect(samples).toEqual([expect.objectContaining({ surface: 'chat', route: 'fast', outcome: 'used' })]);
    expect(events).toContain('delta t2 Hello');
    expect(events.at(-2)).toBe('streaming false');
    expect(session.streaming).toBe(false);
    expect(session.conversation.title).toBe('explain this');
  });

  it('follows up with only the new input and the previous response id, plus the whole history', async () => {
    const { session, fast } = setup();
    session.send({ text: 'first', contexts: [] });
    fast.last.push('one');
    await fast.last.taken();
    fast.last.end('completed', { responseId: 'resp_1' });
    await ended(session);
    session.send({ text: 'second', contexts: [] });
    const req = fast.last.request;
    expect(req.previousResponseId).toBe('resp_1');
    expect(req.input).toEqual([{ role: 'user', content: 'second' }]);
    expect(req.fullInput).toEqual([
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'one' },
      { role: 'user', content: 'second' },
    ]);
    expect(req.instructions).toBe('be brief');
    expect(req.surface).toBe('chat');
  });

  it('uses the routed text (prefix removed) and the full model for /deep', () => {
    const { session, full } = setup();
    session.send({ text: '/deep refactor everything', contexts: [] });
    expect(full.last.request.input).toEqual([{ role: 'user', content: 'refactor everything' }]);
    const [user, answer] = session.conversation.turns as [UserTurn, AssistantTurn];
    expect(user.text).toBe('/deep refactor everything');
    expect(answer.meta.route).toBe('full');
  });

  it('answers with the fast model, saying why, when the full model fails before any text', async () => {
    const { session, fast, full, samples } = setup();
    session.send({ text: '/deep refactor everything', contexts: [] });
    full.last.end('failed', { error: new ModelError('auth', 'No API key for https://api.openai.com/v1.') });
    await until('the fast model is asked', () => fast.streams.length === 1);
    expect(fast.streams).toHaveLength(1);
    expect(fast.last.request.input).toEqual([{ role: 'user', content: 'refactor everything' }]);
    expect(fast.last.request.model).toBeUndefined();
    fast.last.push('done it');
    fast.last.end('completed', { responseId: 'resp_fast' });
    await ended(session);
    const answer = answers(session.conversation.turns)[0]!;
    expect(answer).toMatchObject({ status: 'done', text: 'done it', responseId: 'resp_fast' });
    expect(answer.error).toBeUndefined();
    expect(answer.meta.route).toBe('fast');
    expect(answer.meta.model).toBe('fast-model');
    expect(answer.meta.reasons[0]).toBe('full model unavailable (no valid API key): ran on the fast model');
    expect(answer.meta.reasons.slice(1)).toEqual(['forced by /deep']);
    expect(answer.meta.fellBackFrom).toBe('full');
    expect(samples.map((x) => x.route)).toEqual(['fast']);
  });

  it('retries an answer the fast model gave in place of the full one on the full model', async () => {
    const { session, fast, full } = setup();
    session.send({ text: '/deep refactor everything', contexts: [] });
    full.last.end('failed', { error: new ModelError('network', 'Cannot reach it') });
    await until('the fast model is asked', () => fast.streams.length === 1);
    fast.last.end('failed', { error: new ModelError('network', 'Cannot reach that either') });
    await ended(session);
    const answer = answers(session.conversation.turns)[0]!;
    expect(answer.status).toBe('failed');
    expect(session.retry(answer.id)).toBe(true);
    expect(full.streams).toHaveLength(2);
    expect(answer.meta).toMatchObject({ route: 'full', model: 'full-model', reasons: ['forced by /deep'] });
    expect(answer.meta.fellBackFrom).toBeUndefined();
    full.last.push('done');
    full.last.end('completed');
    await ended(session);
    expect(answer).toMatchObject({ status: 'done', text: 'done' });
  });

  it('keeps the full model\'s failure when it had already written text, and when the user stopped it', async () => {
    const a = setup();
    a.session.send({ text: '/deep refactor everything', contexts: [] });
    a.full.last.push('partial');
    a.full.last.end('failed', { error: new ModelError('network', 'dropped') });
    await ended(a.session);
    expect(a.fast.streams).toHaveLength(0);
    expect(answers(a.session.conversation.turns)[0]).toMatchObject({ status: 'failed', text: 'partial', meta: { route: 'full' } });

    const b = setup();
    b.session.send({ text: '/deep refactor everything', contexts: [] });
    b.session.stop();
    await b.full.last.taken();
    expect(b.fast.streams).toHaveLength(0);
    expect(answers(b.session.conversation.turns)[0]!.status).toBe('stopped');
  });

  it('attaches context to the content sent and keeps only labels in the turn', () => {
    const { session, fast } = setup();
    session.send({ text: 'fix', contexts: [{ path: 'src/a.ts', startLine: 1, endLine: 2, text: 'let a = 1;', language: 'ts' }] });
    expect(fast.last.request.input[0]!.content).toContain('File: src/a.ts (lines 1-2)\n```ts\nlet a = 1;\n```');
    expect((session.conversation.turns[0] as UserTurn).attachments).toEqual([{ path: 'src/a.ts', startLine: 1, endLine: 2 }]);
  });

  it('fits attached files into the model\'s context, trimming the largest first, and says what was left out', () => {
    const { session, full } = setup();
    const big = Array.from({ length: 40_000 }, (_, i) => `export const v${i} = ${i}; // a line of forty characters..`).join('\n');
    const small = 'export const one = 1;';
    session.send({
      text: '/deep use src/small.ts everywhere in src/big.ts',
      contexts: [
        { path: 'src/big.ts', text: big, language: 'ts' },
        { path: 'src/small.ts', text: small, language: 'ts' },
      ],
    });
    const content = full.last.request.input[0]!.content;
    expect(content).toContain(`File: src/small.ts\n\`\`\`ts\n${small}\n\`\`\``);
    expect(content).toContain('export const v0 = 0;');
    expect(content).not.toContain('export const v39999 =');
    expect(content).toMatch(/… \(lines \d+-40000 of src\/big\.ts left out to fit the context\)/);
    expect(content.length / 4).toBeLessThan(400_000);
    const answer = session.conversation.turns[1] as AssistantTurn;
    expect(answer.meta.reasons).toEqual(['forced by /deep', expect.stringMatching(/^left out to fit the context: src\/big\.ts lines \d+-40000$/)]);
  });

  it('refuses an empty message before adding anything', () => {
    const { session, turns } = setup();
    expect(() => session.send({ text: '   ', contexts: [] })).toThrow(ChatInputError);
    expect(() => session.send({ text: '/fast', contexts: [] })).toThrow(/after the \/fast or \/deep/);
    expect(turns()).toHaveLength(0);
  });
});

describe('ChatSession stop', () => {
  it('stops at once, keeps the partial answer marked stopped, and later deltas change nothing', async () => {
    const { session, fast, samples, turns } = setup();
    session.send({ text: 'long answer please', contexts: [] });
    fast.last.push('partial');
    await fast.last.taken();
    expect(session.stop()).toBe(true);
    expect(fast.last.cancelled).toBe(true);
    expect(session.streaming).toBe(false);
    await until('the stopped request is recorded', () => samples.length === 1);
    expect(answers(turns())[0]).toMatchObject({ text: 'partial', status: 'stopped' });
    expect(samples[0]!.outcome).toBe('abandoned');
    expect(session.stop()).toBe(false);
  });

  it('sends the stopped partial answer as history with the next message', async () => {
    const { session, fast } = setup();
    session.send({ text: 'a', contexts: [] });
    fast.last.push('half');
    await fast.last.taken();
    session.stop();
    await fast.last.taken();
    session.send({ text: 'b', contexts: [] });
    expect(fast.last.request.previousResponseId).toBeUndefined();
    expect(fast.last.request.input).toEqual([
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'half' },
      { role: 'user', content: 'b' },
    ]);
  });
});

describe('ChatSession redirect', () => {
  it('steers the running response when the endpoint accepts, and shows it as a redirect', async () => {
    const { session, fast, turns, samples } = setup();
    fast.steerAnswer = async () => true;
    session.send({ text: 'write a sort', contexts: [] });
    fast.last.push('function sort(');
    await fast.last.taken();
    session.send({ text: 'in python instead', contexts: [] });
    await until('the redirect is shown', () => turns().length === 4);
    expect(fast.streams).toHaveLength(1);
    expect(fast.last.steered).toEqual([[{ role: 'user', content: 'in python instead' }]]);
    fast.last.push('def sort(xs):');
    await fast.last.taken();
    fast.last.end('completed', { responseId: 'resp_2' });
    await ended(session);
    const t = turns();
    expect(t.map((x) => x.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(t[1]).toMatchObject({ status: 'redirected', text: 'function sort(' });
    expect(t[2]).toMatchObject({ redirect: true, text: 'in python instead' });
    expect(t[3]).toMatchObject({ status: 'done', text: 'def sort(xs):', responseId: 'resp_2' });
    expect((t[3] as AssistantTurn).meta.reasons).toContain('steered into the running answer');
    expect(samples).toHaveLength(1);
  });

  it('puts successor text that arrives together with the steer acceptance into the new answer', async () => {
    const { session, fast, turns } = setup();
    let accept!: (ok: boolean) => void;
    fast.steerAnswer = () => new Promise((r) => (accept = r));
    session.send({ text: 'write a sort', contexts: [] });
    fast.last.push('old ');
    await fast.last.taken();
    session.send({ text: 'in python', contexts: [] });
    // The transport handles the acceptance and the successor's first delta in one task.
    accept(true);
    fast.last.push('new');
    await fast.last.taken();
    expect(answers(turns()).map((a) => a.text)).toEqual(['old ', 'new']);
  });

  it('falls back to stop-and-continue when steering is refused, carrying the partial answer', async () => {
    const { session, fast, turns } = setup();
    fast.steerAnswer = async () => false;
    session.send({ text: 'first', contexts: [] });
    fast.last.push('one');
    await fast.last.taken();
    fast.last.end('completed', { responseId: 'resp_1' });
    await ended(session);
    session.send({ text: 'write a sort', contexts: [] });
    const running = fast.last;
    running.push('function');
    await running.taken();
    session.send({ text: 'in python', contexts: [] });
    await until('the answer continues', () => fast.streams.length === 3);
    expect(running.cancelled).toBe(true);
    expect(fast.streams).toHaveLength(3);
    const req = fast.last.request;
    // Continues the stored chain from the last completed answer, with everything after it.
    expect(req.previousResponseId).toBe('resp_1');
    expect(req.input).toEqual([
      { role: 'user', content: 'write a sort' },
      { role: 'assistant', content: 'function' },
      { role: 'user', content: 'in python' },
    ]);
    expect(turns().map((t) => (t.role === 'assistant' ? t.status : 'user'))).toEqual(['user', 'done', 'user', 'redirected', 'user', 'streaming']);
  });

  it('stops and continues when the stream cannot steer at all', async () => {
    const { session, fast, samples } = setup();
    session.send({ text: 'a', contexts: [] });
    fast.last.push('x');
    await fast.last.taken();
    session.send({ text: 'b', contexts: [] });
    await until('the answer continues and the stopped one is recorded', () => fast.streams.length === 2 && samples.length === 1);
    expect(fast.streams).toHaveLength(2);
    expect(fast.streams[0]!.cancelled).toBe(true);
    expect(fast.last.request.input.map((m) => m.content)).toEqual(['a', 'x', 'b']);
    expect(samples[0]!.outcome).toBe('abandoned');
    expect(session.streaming).toBe(true);
  });

  it('starts the redirect answer normally when the first answer finished while the steer was pending', async () => {
    const { session, fast, turns } = setup();
    let answerSteer!: (ok: boolean) => void;
    fast.steerAnswer = () => new Promise((r) => (answerSteer = r));
    session.send({ text: 'a', contexts: [] });
    fast.last.push('done text');
    await fast.last.taken();
    session.send({ text: 'b', contexts: [] });
    fast.last.end('completed', { responseId: 'resp_1' });
    await ended(session);
    answerSteer(false);
    await until('the redirect is asked', () => fast.streams.length === 2);
    expect(fast.streams).toHaveLength(2);
    expect(fast.last.request).toMatchObject({ previousResponseId: 'resp_1', input: [{ role: 'user', content: 'b' }] });
    expect(answers(turns()).map((a) => a.status)).toEqual(['done', 'streaming']);
  });

  it('a stop during a pending steer ends everything', async () => {
    const { session, fast } = setup();
    let answerSteer!: (ok: boolean) => void;
    fast.steerAnswer = () => new Promise((r) => (answerSteer = r));
    session.send({ text: 'a', contexts: [] });
    session.send({ text: 'b', contexts: [] });
    session.stop();
    answerSteer(true);
    await fast.last.taken();
    expect(fast.streams).toHaveLength(1);
    expect(session.streaming).toBe(false);
  });
});

describe('ChatSession with a conversation longer than the window', () => {
  /** 20 exchanges of ~50,000 tokens each: over either window, so the router picks the full model. */
  function long(responseIds: boolean): Conversation {
    const turns: Turn[] = [];
    for (let i = 0; i < 20; i++) {
      turns.push({ role: 'user', id: `u${i}`, text: `q${i}`, content: `q${i} ${'x'.repeat(100_000)}`, attachments: [], redirect: false });
      const meta = { route: 'fast' as const, model: 'fast-model', reasons: [] };
      turns.push({ role: 'assistant', id: `a${i}`, text: `a${i} ${'y'.repeat(100_000)}`, status: 'done', meta, ...(responseIds ? { responseId: `resp_${i}` } : {}) });
    }
    return { ...newConversation('long', 0), turns };
  }

  it('resent whole, keeps the newest messages that fit and says how many were left out', () => {
    const { session, full } = setup(long(false));
    session.send({ text: 'and now?', contexts: [] });
    const sent = full.last.request.input;
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'and now?' });
    expect(sent.length).toBeLessThan(41);
    const answer = answers(session.conversation.turns).at(-1)!;
    expect(answer.meta.leftOut).toBe(41 - sent.length);
  });

  it('on a chain, sends only the new message and notes nothing: the server holds the rest', () => {
    const { session, fast } = setup(long(true));
    session.send({ text: '/fast and now?', contexts: [] });
    expect(fast.last.request.previousResponseId).toBe('resp_19');
    expect(fast.last.request.input).toEqual([{ role: 'user', content: 'and now?' }]);
    expect(answers(session.conversation.turns).at(-1)!.meta.leftOut).toBeUndefined();
  });
});

describe('ChatSession failures, retry and chain recovery', () => {
  it('keeps the message and the partial answer when the connection drops, then retries', async () => {
    const { session, fast, turns, samples } = setup();
    session.send({ text: 'q', contexts: [] });
    fast.last.push('par');
    await fast.last.taken();
    fast.last.end('failed', { error: new ModelError('network', 'The connection dropped.') });
    await ended(session);
    const failed = answers(turns())[0]!;
    expect(failed).toMatchObject({ status: 'failed', text: 'par' });
    expect(failed.error).toContain('Retry');
    expect(samples[0]!.outcome).toBe('failed');
    expect(session.retry('nope')).toBe(false);
    expect(session.retry(failed.id)).toBe(true);
    expect(failed).toMatchObject({ status: 'streaming', text: '' });
    // The failed partial is not sent as history.
    expect(fast.last.request.input).toEqual([{ role: 'user', content: 'q' }]);
    fast.last.push('answer');
    await fast.last.taken();
    fast.last.end('completed', { responseId: 'r2' });
    await ended(session);
    expect(turns()).toHaveLength(2);
    expect(answers(turns())[0]).toMatchObject({ status: 'done', text: 'answer' });
  });

  it('resends the whole conversation once when the server lost the chain', async () => {
    const { session, fast, turns } = setup();
    session.send({ text: 'one', contexts: [] });
    fast.last.push('1');
    await fast.last.taken();
    fast.last.end('completed', { responseId: 'resp_1' });
    await ended(session);
    session.send({ text: 'two', contexts: [] });
    expect(fast.last.request.previousResponseId).toBe('resp_1');
    fast.last.end('failed', {
      error: new ModelError('bad_request', 'Previous response not found', { status: 400, serverCode: 'previous_response_not_found' }),
    });
    await until('the conversation is sent whole', () => fast.streams.length === 3);
    expect(fast.streams).toHaveLength(3);
    const retried = fast.last.request;
    expect(retried.previousResponseId).toBeUndefined();
    expect(retried.input.map((m) => m.content)).toEqual(['one', '1', 'two']);
    expect(answers(turns()).map((a) => a.status)).toEqual(['done', 'streaming']);
    // A second loss is an ordinary failure, not a loop.
    fast.last.end('failed', { error: new ModelError('bad_request', 'Previous response not found', { serverCode: 'previous_response_not_found' }) });
    await until('the answer failed', () => answers(turns())[1]?.status === 'failed');
    expect(fast.streams).toHaveLength(3);
    expect(answers(turns())[1]!.status).toBe('failed');
  });

  it('does not chain across models: a full answer id is not sent to the fast endpoint', async () => {
    const { session, fast, full } = setup();
    session.send({ text: '/deep plan', contexts: [] });
    full.last.push('plan');
    await full.last.taken();
    full.last.end('completed', { responseId: 'full_1' });
    await ended(session);
    session.send({ text: 'now do it', contexts: [] });
    expect(fast.last.request.previousResponseId).toBeUndefined();
    expect(fast.last.request.input.map((m) => m.content)).toEqual(['plan', 'plan', 'now do it']);
  });

  it('marks an answer cut short by the model as stopped with the reason', async () => {
    const { session, fast, turns } = setup();
    session.send({ text: 'q', contexts: [] });
    fast.last.push('a');
    await fast.last.taken();
    fast.last.end('incomplete');
    await ended(session);
    expect(answers(turns())[0]).toMatchObject({ status: 'stopped', error: expect.stringContaining('ended the answer early') });
  });

  it('replacing the conversation stops the running answer', async () => {
    const { session, fast } = setup();
    session.send({ text: 'q', contexts: [] });
    session.replace(newConversation('c2', 5));
    expect(fast.last.cancelled).toBe(true);
    expect(session.conversation.id).toBe('c2');
    expect(session.streaming).toBe(false);
  });
});
