import type { ModelError } from './modelError';

/**
 * What servers say when their model cannot call functions: this endpoint ("cannot call
 * functions", about `tools`), llama.cpp ("tools param requires --jinja flag"), vLLM ("\"auto\" tool
 * choice requires --enable-auto-tool-choice and --tool-call-parser"), Ollama ("… does not support
 * tools"). Narrow on purpose: "no tool output found for function call …" is about the
 * conversation, not the model.
 */
const NO_FUNCTION_CALLING = /cannot call functions|does not support (tools|tool calls|function calling)|tools param requires|--jinja|--enable-auto-tool-choice|--tool-call-parser/i;

/** Whether a request offering tools was refused because the model or its server has no function calling. */
export function refusesTools(error: ModelError): boolean {
  return error.code === 'bad_request' && (error.options.param === 'tools' || NO_FUNCTION_CALLING.test(error.message));
}
