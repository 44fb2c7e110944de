import type { ModelError } from './modelError';

/** The endpoint refused the request for its sampling temperature (some models take none). */
export function rejectsTemperature(error: ModelError): boolean {
  return error.code === 'bad_request' && /temperature/i.test(error.message);
}
