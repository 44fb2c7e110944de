import { ApiError } from '../apiError';
import type { Dialect } from './dialect';

/** The endpoint's own way, the OpenAI service's: what it answered before dialects existed. */
export const flintDialect: Dialect = {
  name: 'flint',
  owner: 'flint',
  errorBody: (error) => error.body(),
  websocket: true,
  infill: true,
  chains: 'stored',
  unknownModel: (name, served) =>
    new ApiError(404, 'model_not_found', `The model '${name}' does not exist here; this endpoint serves ${served.join(' and ')}.`, 'model'),
  suffixRefusal: () => undefined,
  usageUnasked: false,
  zeroUsageOnChunks: false,
  maxStops: 4,
  notFound: () => undefined,
};
