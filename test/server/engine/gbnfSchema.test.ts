import { describe, expect, it } from 'vitest';
import { gbnfSchema } from '../../../src/server/engine/gbnfSchema';

describe('gbnfSchema', () => {
  it('keeps required properties listed and lets optional ones be left out', () => {
    const schema = gbnfSchema({
      type: 'object',
      properties: { path: { type: 'string', description: 'file' }, start: { type: 'integer' }, end: { type: 'integer' }, all: { type: 'boolean' } },
      required: ['path'],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    });
    expect(schema).toEqual({
      type: 'object',
      properties: { path: { type: 'string', description: 'file' } },
      additionalProperties: { oneOf: [{ type: 'integer' }, { type: 'boolean' }] },
      maxProperties: 4,
    });
    expect(gbnfSchema({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
  });

  it('reads anyOf, type lists, enums, arrays and formats, and turns what it cannot express into any JSON value', () => {
    expect(gbnfSchema({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual({ oneOf: [{ type: 'string' }, { type: 'null' }] });
    expect(gbnfSchema({ type: ['string', 'number'], minLength: 2 })).toEqual({ oneOf: [{ type: 'string', minLength: 2 }, { type: 'number' }] });
    expect(gbnfSchema({ enum: ['a', 'b'] })).toEqual({ enum: ['a', 'b'] });
    expect(gbnfSchema({ type: 'array', items: { type: 'string', format: 'date' }, maxItems: 3 })).toEqual({ type: 'array', items: { type: 'string', format: 'date' }, maxItems: 3 });
    const any = gbnfSchema({ pattern: '^x' });
    expect(any).toHaveProperty('oneOf');
    expect(gbnfSchema({ type: 'object', properties: {}, additionalProperties: true })).toMatchObject({ additionalProperties: any });
  });
});
