import { APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { errorFromServerEvent, errorFromStatus } from '../../src/transport/errorFromStatus';
import { errorFromSdk } from '../../src/transport/http/errorFromSdk';
import { refusesTools } from '../../src/transport/refusesTools';

const ENDPOINT = 'http://127.0.0.1:8080/v1';
/** A 400 as the openai client raises it from the body a server sent. */
const sdk400 = (error: object) => errorFromSdk(APIError.generate(400, { error }, undefined, new Headers()), ENDPOINT, undefined);

describe('refusesTools', () => {
  it('knows the 400 each server sends when its model cannot call functions', () => {
    // llama.cpp without --jinja, vLLM without a tool parser, Ollama with a model without tools.
    expect(refusesTools(sdk400({ message: 'tools param requires --jinja flag', type: 'invalid_request_error' }))).toBe(true);
    expect(refusesTools(sdk400({ message: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set', type: 'BadRequestError' }))).toBe(true);
    expect(refusesTools(sdk400({ message: 'registry.ollama.ai/library/codellama:7b does not support tools', type: 'api_error' }))).toBe(true);
    // This endpoint names the field, on HTTP and on the socket.
    expect(refusesTools(sdk400({ message: 'The model m.gguf cannot call functions.', type: 'invalid_request_error', param: 'tools' }))).toBe(true);
    expect(refusesTools(errorFromServerEvent({ status: 400, type: 'invalid_request_error', param: 'tools', message: 'no' }, 'ws://127.0.0.1:8080/v1/responses'))).toBe(true);
  });

  it('leaves other refusals alone, tool-related or not', () => {
    expect(refusesTools(sdk400({ message: 'No tool output found for function call call_abc.', type: 'invalid_request_error', param: 'input' }))).toBe(false);
    expect(refusesTools(sdk400({ message: "tool_choice 'required' is not supported", type: 'invalid_request_error', param: 'tool_choice' }))).toBe(false);
    expect(refusesTools(errorFromStatus(503, ENDPOINT, { message: 'does not support tools right now' }))).toBe(false);
  });
});
