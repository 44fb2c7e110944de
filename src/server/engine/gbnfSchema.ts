import type { GbnfJsonSchema } from 'node-llama-cpp';

type Literal = string | number | boolean | null;
type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const isLiteral = (v: unknown): v is Literal => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const FORMATS = ['date-time', 'time', 'date'];

/** Any JSON value, for a schema the grammar cannot express. */
const ANY: GbnfJsonSchema = {
  oneOf: [{ type: ['string', 'number', 'boolean', 'null'] }, { type: 'object', additionalProperties: true }, { type: 'array' }],
};

/**
 * A tool's JSON Schema as the subset node-llama-cpp turns into a grammar for the call's
 * arguments. Keywords it does not know are dropped (the grammar would read a schema it does not
 * understand as `null`); `anyOf` reads as `oneOf`. Its grammar writes every listed property, so
 * optional properties become extra properties whose values take any optional property's schema:
 * the model may leave them out.
 */
export function gbnfSchema(schema: unknown): GbnfJsonSchema {
  if (!isSchema(schema)) return ANY;
  const described = typeof schema.description === 'string' ? { description: schema.description } : {};
  if ('const' in schema && isLiteral(schema.const)) return { const: schema.const, ...described };
  if (Array.isArray(schema.enum) && schema.enum.length && schema.enum.every(isLiteral)) return { enum: schema.enum as Literal[], ...described };
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(alternatives) && alternatives.length) return { oneOf: alternatives.map(gbnfSchema), ...described };
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t): t is string => typeof t === 'string');
  if (types.length > 1) return { oneOf: types.map((type) => gbnfSchema({ ...schema, type })), ...described };
  switch (types[0]) {
    case 'object':
      return { ...objectSchema(schema), ...described };
    case 'array': {
      const count = (key: string) => (typeof schema[key] === 'number' ? { [key]: schema[key] as number } : {});
      return { type: 'array', ...(schema.items === undefined ? {} : { items: gbnfSchema(schema.items) }), ...count('minItems'), ...count('maxItems'), ...described };
    }
    case 'string': {
      if (typeof schema.format === 'string' && FORMATS.includes(schema.format)) return { type: 'string', format: schema.format as 'date', ...described };
      const length = (key: string) => (typeof schema[key] === 'number' ? { [key]: schema[key] as number } : {});
      return { type: 'string', ...length('minLength'), ...length('maxLength'), ...described };
    }
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return { type: types[0], ...described };
    default:
      return ANY;
  }
}

function objectSchema(schema: Schema): GbnfJsonSchema {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : []);
  const listed: Record<string, GbnfJsonSchema> = {};
  const optional: GbnfJsonSchema[] = [];
  for (const [key, value] of Object.entries(properties)) {
    if (required.has(key)) listed[key] = gbnfSchema(value);
    else optional.push(gbnfSchema(value));
  }
  const open = schema.additionalProperties;
  const schemas = [...optional, ...(isSchema(open) ? [gbnfSchema(open)] : open === true ? [ANY] : [])];
  const extra = [...new Map(schemas.map((s) => [JSON.stringify(s), s])).values()];
  const additionalProperties = extra.length > 1 ? { oneOf: extra } : extra[0];
  const most = isSchema(open) || open === true ? {} : { maxProperties: Object.keys(properties).length };
  return { type: 'object', properties: listed, ...(additionalProperties === undefined ? {} : { additionalProperties, ...most }) };
}
