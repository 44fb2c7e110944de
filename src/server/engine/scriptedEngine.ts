import type { Engine, FunctionCall, GenerationRequest, Prompt, TokenPiece } from './engine';
import type { ScriptFixture } from './scriptFixture';
import { scriptAnswer, scriptReply } from './scriptReply';
import { splitIntoTokens } from './splitIntoTokens';

/** Deterministic replies from a fixture, streamed in token-sized pieces. */
export class ScriptedEngine implements Engine {
  readonly name = 'scripted';

  constructor(private readonly fixture: ScriptFixture) {}

  async countPromptTokens(prompt: Prompt): Promise<number> {
    return splitIntoTokens(promptText(prompt)).length;
  }

  async *generate(request: GenerationRequest): AsyncIterable<TokenPiece> {
    const pieces = splitIntoTokens(scriptReply(this.fixture, request.prompt, request.temperature));
    const n = Math.min(pieces.length, request.maxTokens);
    for (let i = 0; i < n && !request.signal.aborted; i++) yield { text: pieces[i], tokens: 1 };
  }

  /** The calls of the rule that answers the prompt (whatever tools are offered: the script is the model). */
  async functionCalls(prompt: Prompt, _tools: unknown, temperature?: number): Promise<Omit<FunctionCall, 'callId'>[]> {
    return scriptAnswer(this.fixture, prompt, temperature).calls;
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
