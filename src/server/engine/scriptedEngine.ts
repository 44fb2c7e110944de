import type { Engine, GenerationRequest, Prompt, TokenPiece } from './engine';
import type { ScriptFixture } from './scriptFixture';
import { scriptAnswer } from './scriptReply';
import { splitIntoTokens } from './splitIntoTokens';

/** Deterministic replies from a fixture, streamed in token-sized pieces. */
export class ScriptedEngine implements Engine {
  readonly name = 'scripted';

  constructor(private readonly fixture: ScriptFixture) {}

  async countPromptTokens(prompt: Prompt): Promise<number> {
    return splitIntoTokens(promptText(prompt)).length;
  }

  async *generate(request: GenerationRequest): AsyncIterable<TokenPiece> {
    const answer = scriptAnswer(this.fixture, request.prompt, request.temperature);
    const pieces = splitIntoTokens(answer.text);
    const n = Math.min(pieces.length, request.maxTokens);
    for (let i = 0; i < n && !request.signal.aborted; i++) yield { text: pieces[i], tokens: 1 };
    // Whatever tools are offered, the rule's calls are made: the script is the model.
    if (request.tools?.length && answer.calls.length && !request.signal.aborted) yield { text: '', tokens: 0, calls: answer.calls };
  }

  async close(): Promise<void> {}
}

function promptText(prompt: Prompt): string {
  switch (prompt.kind) {
    case 'chat':
      return [prompt.instructions ?? '', ...prompt.messages.map((m) => m.content)].join('\n');
    case 'fim':
      return [prompt.extra ?? '', prompt.prefix, prompt.suffix].join('\n');
    case 'text':
      return prompt.text;
  }
}
