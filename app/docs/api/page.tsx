import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import {
  schemaAnchor,
  SchemaView,
  typeText,
  limitsText,
  type Components,
  type JsonSchema,
} from '@/components/api-docs/schema-view';
import { publicOrigin } from '@/lib/api/origin';
import { OPENAPI_PATH, openApiDocument } from '@/lib/contract/openapi';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { absolute: 'API reference · Smile Referrals' },
  description:
    'Every endpoint of the Smile Referrals API: who may call it, what it takes and what it answers.',
  robots: { index: false, follow: false },
};

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  'x-access'?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

const ACCESS_BADGE: Record<string, string> = {
  public: 'Public',
  staff: 'Staff',
  admin: 'Full admins',
  key: 'API key',
};

const METHOD_STYLE: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  POST: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  PATCH: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  PUT: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  DELETE: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-100',
};

/** A paragraph of the document's text: **bold** and `code` as the document writes them. */
function Rich({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  const pattern = /\*\*([^*]+)\*\*|`([^`]+)`/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      match[1] !== undefined ? (
        <strong key={match.index}>{match[1]}</strong>
      ) : (
        <code key={match.index} className="font-mono text-[0.9em]">
          {match[2]}
        </code>
      ),
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

const anchor = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '-');

/**
 * /docs/api (issue 30, point 3): the API reference for integrators, read from the same OpenAPI document as
 * /api/openapi.json. Server-rendered with no script and nothing from another site, so it works offline.
 */
export default function ApiReferencePage() {
  const doc = openApiDocument(publicOrigin()) as unknown as {
    info: { title: string; description?: string; version: string };
    tags?: { name: string }[];
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Components };
  };
  const components = doc.components?.schemas ?? {};
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  const tags = (doc.tags ?? []).map((t) => t.name);

  return (
    <main className="min-h-dvh bg-background px-4 py-8 sm:py-12">
      <div className="mx-auto grid max-w-4xl gap-8">
        <header className="grid gap-3">
          <h1 className="text-3xl font-extrabold tracking-tight">{doc.info.title}</h1>
          {doc.info.description && (
            <p className="leading-relaxed">
              <Rich text={doc.info.description} />
            </p>
          )}
          <p>
            Version {doc.info.version}. The same reference as an OpenAPI 3.1 document:{' '}
            <a href={OPENAPI_PATH} className="font-semibold text-primary underline underline-offset-4">
              {OPENAPI_PATH}
            </a>
            .
          </p>
        </header>

        <nav aria-labelledby="contents-heading" className="grid gap-2 rounded-lg border p-4">
          <h2 id="contents-heading" className="text-lg font-semibold">
            Contents
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {tags.map((tag) => (
              <li key={tag} className="grid gap-1">
                <a
                  href={`#${anchor(tag)}`}
                  className="font-semibold text-primary underline underline-offset-4"
                >
                  {tag}
                </a>
                <ul className="grid gap-0.5 text-sm">
                  {operations
                    .filter((o) => o.op.tags?.[0] === tag)
                    .map(({ path, method, op }) => (
                      <li key={op.operationId}>
                        <a href={`#${anchor(op.operationId)}`} className="underline underline-offset-4">
                          <span className="font-mono">{method}</span>{' '}
                          <span className="font-mono">{path}</span>
                        </a>
                      </li>
                    ))}
                </ul>
              </li>
            ))}
          </ul>
          <p>
            <a href="#schemas" className="font-semibold text-primary underline underline-offset-4">
              Schemas
            </a>
            : the shapes the answers share, each described once.
          </p>
        </nav>

        {tags.map((tag) => (
          <section key={tag} aria-labelledby={anchor(tag)} className="grid gap-6">
            <h2 id={anchor(tag)} className="scroll-mt-4 border-b pb-2 text-2xl font-bold">
              {tag}
            </h2>
            {operations
              .filter((o) => o.op.tags?.[0] === tag)
              .map(({ path, method, op }) => (
                <OperationView
                  key={op.operationId}
                  path={path}
                  method={method}
                  op={op}
                  components={components}
                />
              ))}
          </section>
        ))}

        <section aria-labelledby="schemas" className="grid gap-4">
          <h2 id="schemas" className="scroll-mt-4 border-b pb-2 text-2xl font-bold">
            Schemas
          </h2>
          {Object.keys(components)
            .sort()
            .map((name) => (
              <article
                key={name}
                aria-labelledby={schemaAnchor(name)}
                className="grid gap-2 rounded-lg border p-4"
              >
                <h3 id={schemaAnchor(name)} className="scroll-mt-4 font-mono text-lg font-semibold">
                  {name}
                </h3>
                {components[name]!.description && (
                  <p className="text-sm leading-relaxed">{components[name]!.description}</p>
                )}
                <SchemaView
                  schema={{ ...components[name]!, description: undefined }}
                  components={components}
                />
              </article>
            ))}
        </section>
      </div>
    </main>
  );
}

function OperationView({
  path,
  method,
  op,
  components,
}: {
  path: string;
  method: string;
  op: Operation;
  components: Components;
}) {
  const id = anchor(op.operationId);
  const body = op.requestBody?.content?.['application/json']?.schema;
  return (
    <article aria-labelledby={id} className="grid gap-3 rounded-lg border p-4">
      <h3 id={id} className="flex scroll-mt-4 flex-wrap items-center gap-2 text-lg font-semibold">
        <span className={`rounded px-2 py-0.5 font-mono text-sm ${METHOD_STYLE[method] ?? ''}`}>
          {method}
        </span>{' '}
        <code className="font-mono break-all">{path}</code>
      </h3>
      {op.summary && <p className="font-medium">{op.summary}</p>}
      <p className="text-sm">
        <span className="rounded border px-2 py-0.5">
          {ACCESS_BADGE[op['x-access'] ?? ''] ?? op['x-access']}
        </span>
      </p>
      {op.description?.split('\n\n').map((paragraph, i) => (
        <p key={i} className="text-sm leading-relaxed">
          <Rich text={paragraph} />
        </p>
      ))}

      {op.parameters && op.parameters.length > 0 && (
        <div className="grid gap-2">
          <h4 className="font-semibold">Parameters</h4>
          <div
            className="overflow-x-auto"
            role="region"
            aria-label={`Parameters of ${method} ${path}`}
            tabIndex={0}
          >
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b">
                  <th scope="col" className="py-1 pr-3">
                    Name
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    In
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Type
                  </th>
                  <th scope="col" className="py-1">
                    About
                  </th>
                </tr>
              </thead>
              <tbody>
                {op.parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`} className="border-b align-top">
                    <td className="py-1 pr-3">
                      <code className="font-mono font-semibold">{p.name}</code>
                      {p.required ? '' : ' (optional)'}
                    </td>
                    <td className="py-1 pr-3">{p.in}</td>
                    <td className="py-1 pr-3 font-mono">{p.schema ? typeText(p.schema, components) : ''}</td>
                    <td className="py-1">
                      {[p.description ?? p.schema?.description, ...(p.schema ? limitsText(p.schema) : [])]
                        .filter(Boolean)
                        .join(' · ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}

      {body && (
        <div className="grid gap-2">
          <h4 className="font-semibold">Request body (JSON)</h4>
          <SchemaView schema={body} components={components} />
        </div>
      )}

      <div className="grid gap-2">
        <h4 className="font-semibold">Answers</h4>
        <dl className="grid gap-3">
          {Object.entries(op.responses ?? {}).map(([status, response]) => {
            const [type, media] = Object.entries(response.content ?? {})[0] ?? [];
            const success = status.startsWith('2') || status.startsWith('3');
            return (
              <div key={status} className="grid gap-1">
                <dt className="text-sm">
                  <span className={`font-mono font-semibold ${success ? '' : 'text-muted-foreground'}`}>
                    {status}
                  </span>{' '}
                  {response.description}
                  {type && <span className="text-muted-foreground"> ({type})</span>}
                </dt>
                {success && media?.schema && type === 'application/json' && (
                  <dd>
                    <SchemaView schema={media.schema} components={components} />
                  </dd>
                )}
              </div>
            );
          })}
        </dl>
      </div>
    </article>
  );
}
