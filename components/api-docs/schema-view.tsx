/**
 * A JSON Schema from the OpenAPI document, shown as a reader wants it (issue 30, /docs/api): each field with
 * its type, whether it is required, its limits and its description, nested fields indented. Server-rendered:
 * the page works offline and without scripts.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
  contentMediaType?: string;
}

export type Components = Record<string, JsonSchema>;

const MAX_DEPTH = 6;

export function refName(ref: string): string {
  return ref.replace(/^#\/components\/schemas\//, '');
}

/** The anchor of a named schema in the Schemas section. */
export const schemaAnchor = (name: string) => `schema-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** 'string (email)', 'integer', 'array of Client', 'string or null' (a named schema by its name). */
export function typeText(schema: JsonSchema, components: Components): string {
  if (schema.$ref) return refName(schema.$ref);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((v) => typeText(v, components)).join(' or ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const words = types.map((t) => {
    if (t === 'array') return `array of ${schema.items ? typeText(schema.items, components) : 'any'}`;
    if (t === 'string' && schema.format) return `string (${schema.format})`;
    return t;
  });
  if (words.length === 0) return schema.properties ? 'object' : 'any';
  return words.join(' or ');
}

/** The named schemas a type refers to (directly, in an array or a union): each gets a link. */
function refsOf(schema: JsonSchema): string[] {
  if (schema.$ref) return [refName(schema.$ref)];
  return [...(schema.anyOf ?? schema.oneOf ?? []), ...(schema.items ? [schema.items] : [])].flatMap(refsOf);
}

/** A type, its named schemas linked to where the Schemas section shows them. */
export function TypeView({ schema, components }: { schema: JsonSchema; components: Components }) {
  const refs = [...new Set(refsOf(schema))];
  return (
    <span className="font-mono">
      {typeText(schema, components)}
      {refs.map((name) => (
        <span key={name}>
          {' '}
          <a href={`#${schemaAnchor(name)}`} className="text-primary underline underline-offset-4">
            (see {name})
          </a>
        </span>
      ))}
    </span>
  );
}

/** The limits a value must keep, in words: 'at most 100 characters', 'from 1 to 36'. */
export function limitsText(schema: JsonSchema): string[] {
  const out: string[] = [];
  if (schema.minLength !== undefined && schema.maxLength !== undefined) {
    out.push(`${schema.minLength} to ${schema.maxLength} characters`);
  } else if (schema.maxLength !== undefined) out.push(`at most ${schema.maxLength} characters`);
  else if (schema.minLength) out.push(`at least ${schema.minLength} characters`);
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  if (min !== undefined && max !== undefined) out.push(`from ${min} to ${max}`);
  else if (min !== undefined)
    out.push(`${schema.exclusiveMinimum !== undefined ? 'above' : 'at least'} ${min}`);
  else if (max !== undefined)
    out.push(`${schema.exclusiveMaximum !== undefined ? 'below' : 'at most'} ${max}`);
  if (schema.maxItems !== undefined) out.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) out.push(`matches ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

/**
 * The fields written out in place: an inline object's (or an inline array's items', or a nullable inline
 * object's). A named schema ($ref) is not expanded: it is shown once, in the Schemas section, and linked.
 */
function fieldsOf(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } | null {
  if (schema.$ref) return null;
  if (schema.properties) return { properties: schema.properties, required: schema.required ?? [] };
  if (schema.items) return fieldsOf(schema.items);
  const inline = (schema.anyOf ?? schema.oneOf ?? []).filter((v) => !v.$ref && (v.properties || v.items));
  if (inline.length === 1) return fieldsOf(inline[0]!);
  if (schema.allOf) {
    const parts = schema.allOf.map(fieldsOf).filter((f) => f !== null);
    if (parts.length === 0) return null;
    return {
      properties: Object.assign({}, ...parts.map((m) => m.properties)) as Record<string, JsonSchema>,
      required: parts.flatMap((m) => m.required),
    };
  }
  return null;
}

/** A schema as a list of its fields (or, for a named schema or a scalar, its type, limits and description). */
export function SchemaView({
  schema,
  components,
  depth = 0,
}: {
  schema: JsonSchema;
  components: Components;
  depth?: number;
}) {
  const fields = depth < MAX_DEPTH ? fieldsOf(schema) : null;
  if (!fields) {
    const limits = limitsText(schema);
    return (
      <p className="text-sm">
        <TypeView schema={schema} components={components} />
        {limits.length > 0 && <span className="text-muted-foreground"> · {limits.join(' · ')}</span>}
        {schema.description && <span> · {schema.description}</span>}
      </p>
    );
  }
  return (
    <ul className="grid gap-2 border-l pl-3 text-sm">
      {Object.entries(fields.properties).map(([name, field]) => {
        const limits = limitsText(field);
        const nested = depth + 1 < MAX_DEPTH ? fieldsOf(field) : null;
        const required = fields.required.includes(name);
        return (
          <li key={name} className="grid gap-1">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <code className="font-mono font-semibold">{name}</code>
              <span className="text-muted-foreground">
                <TypeView schema={field} components={components} />
              </span>
              <span className={required ? 'text-foreground' : 'text-muted-foreground'}>
                {required ? 'required' : 'optional'}
              </span>
            </div>
            {(field.description || limits.length > 0) && (
              <p className="text-muted-foreground">
                {[field.description, ...limits].filter(Boolean).join(' · ')}
              </p>
            )}
            {nested && <SchemaView schema={field} components={components} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}
