import type { ScriptFixtureInput } from '../../src/server/engine/scriptFixture';

/** A small fixture the server tests share: fixed replies of known lengths. */
export const TEST_SCRIPT: ScriptFixtureInput = {
  rules: [
    { match: { user: 'short' }, reply: 'one two three four' },
    {
      match: { user: 'long' },
      reply: Array.from({ length: 60 }, (_, i) => ` word${i}`).join(''),
    },
    // Long enough at test pacing that a steer always lands while it streams.
    { match: { user: 'essay' }, reply: Array.from({ length: 400 }, (_, i) => ` essay${i}`).join('') },
    { match: { user: 'recall' }, reply: 'You first said: {{firstUser}}' },
    { match: { instructions: 'pirate' }, reply: 'Arr, {{user}}' },
  ],
  defaults: { chat: 'You said: {{user}}', completion: ' /* done */' },
};
