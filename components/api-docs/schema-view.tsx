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

function resolve(schema: JsonSchema, components: Components, seen: Set<string>): [JsonSchema, string | null] {
  if (!schema.$ref) return [schema, null];
  const name = refName(schema.$ref);
  if (seen.has(name)) return [{ description: `(${name}, as above)` }, name];
  return [components[name] ?? {}, name];
}

/** 'string (email)', 'integer', 'array of Client', 'string or null'. */
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

/** The fields of an object schema (through $ref, allOf and a nullable anyOf), or null for a scalar. */
function fieldsOf(
  schema: JsonSchema,
  components: Components,
  seen: Set<string>,
): { properties: Record<string, JsonSchema>; required: string[]; seen: Set<string> } | null {
  const [target, name] = resolve(schema, components, seen);
  const nextSeen = name ? new Set([...seen, name]) : seen;
  if (target.properties) {
    return { properties: target.properties, required: target.required ?? [], seen: nextSeen };
  }
  if (target.items) return fieldsOf(target.items, components, nextSeen);
  const objects = (target.anyOf ?? target.oneOf ?? []).filter((v) => v.$ref || v.properties || v.items);
  if (objects.length === 1) return fieldsOf(objects[0]!, components, nextSeen);
  if (target.allOf) {
    const merged = target.allOf.map((part) => fieldsOf(part, components, nextSeen)).filter((f) => f !== null);
    if (merged.length === 0) return null;
    return {
      properties: Object.assign({}, ...merged.map((m) => m.properties)) as Record<string, JsonSchema>,
      required: merged.flatMap((m) => m.required),
      seen: nextSeen,
    };
  }
  return null;
}

/** A schema as a list of its fields (or, for a scalar, its type and limits). */
export function SchemaView({
  schema,
  components,
  depth = 0,
  seen = new Set<string>(),
}: {
  schema: JsonSchema;
  components: Components;
  depth?: number;
  seen?: Set<string>;
}) {
  const fields = depth < MAX_DEPTH ? fieldsOf(schema, components, seen) : null;
  if (!fields) {
    const [target] = resolve(schema, components, seen);
    const limits = limitsText(target);
    return (
      <p className="text-sm">
        <code className="font-mono">{typeText(schema, components)}</code>
        {limits.length > 0 && <span className="text-muted-foreground"> · {limits.join(' · ')}</span>}
        {target.description && <span> · {target.description}</span>}
      </p>
    );
  }
  return (
    <ul className="grid gap-2 border-l pl-3 text-sm">
      {Object.entries(fields.properties).map(([name, field]) => {
        const [target] = resolve(field, components, fields.seen);
        const limits = limitsText(target);
        const nested = depth + 1 < MAX_DEPTH ? fieldsOf(field, components, fields.seen) : null;
        return (
          <li key={name} className="grid gap-1">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <code className="font-mono font-semibold">{name}</code>
              <span className="font-mono text-muted-foreground">{typeText(field, components)}</span>
              <span className={fields.required.includes(name) ? 'text-foreground' : 'text-muted-foreground'}>
                {fields.required.includes(name) ? 'required' : 'optional'}
              </span>
            </div>
            {(target.description || field.description || limits.length > 0) && (
              <p className="text-muted-foreground">
                {[field.description ?? target.description, ...limits].filter(Boolean).join(' · ')}
              </p>
            )}
            {nested && (
              <SchemaView schema={field} components={components} depth={depth + 1} seen={fields.seen} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
