/**
 * The public pages' browser code never reaches zod. A declaration in lib/contract carries its zod schemas, so
 * one imported into a client component ships zod (~90 KB gzip) to every phone that opens a card or a review
 * page (docs/benchmarks.md, 27 November 2026); the public pages call their endpoints through the zod-free
 * lib/contract/paths.ts and public-call.ts instead.
 *
 * From each public page (and the root layout and not-found page they share), this follows every import that
 * outlives compilation (not `import type`, not a list of type-only names) through the project's own files. Past
 * a 'use client' file everything is browser code, and a chain from there to zod fails, named in full. A 'use
 * server' file is only a reference in the browser (its code stays on the server), so it is not followed.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');

/** The public pages' files: every page, layout, loading and not-found file under app/(public). */
function publicPageFiles(dir = path.join(ROOT, 'app/(public)')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return publicPageFiles(full);
    return /^(page|layout|loading|error|not-found)\.tsx$/.test(entry.name) ? [full] : [];
  });
}

const ENTRIES = [
  ...publicPageFiles(),
  path.join(ROOT, 'app/layout.tsx'),
  path.join(ROOT, 'app/not-found.tsx'),
];

/**
 * Browser files allowed to bring zod, with the reason. Not followed, so the rest of their page is still
 * checked.
 */
const ALLOWED: Record<string, string> = {
  'components/bank-details/bank-details-form.tsx':
    'checks the bank details in the browser with the endpoint’s own schema (useSchemaForm), on purpose: a page ' +
    'a client opens once, from an email, not one of the budgeted pages',
};

/** A package name or subpath that is zod or brings it (zod/v4, @hookform/resolvers/zod). */
const ZOD = /(^|\/)zod(\/|$)/;

function directive(source: ts.SourceFile): string | null {
  const first = source.statements[0];
  return first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression)
    ? first.expression.text
    : null;
}

/** The specifiers of the imports and re-exports that remain in the compiled file. */
function runtimeImports(source: ts.SourceFile): string[] {
  const out: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          bindings &&
          ts.isNamedImports(bindings) &&
          bindings.elements.length > 0 &&
          bindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const clause = statement.exportClause;
      const typeOnly =
        statement.isTypeOnly ||
        (clause && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return out;
}

/** A project file for a specifier ('@/…' or relative), or null for a package. */
function resolve(specifier: string, from: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx', '/index.js'].map(
    (ext) => base + ext,
  );
  const found = candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
  if (!found) throw new Error(`${path.relative(ROOT, from)}: cannot find "${specifier}"`);
  return found;
}

const chains = new Map<string, string[] | null>();

/**
 * A chain of imports from this file to zod that the browser loads ('a → b → zod'), or null. `inBrowser`: the
 * file is imported by a client component, so it is browser code whatever it says.
 */
function chainToZod(file: string, inBrowser: boolean): string[] | null {
  const name = path.relative(ROOT, file);
  const key = `${inBrowser}:${name}`;
  if (chains.has(key)) return chains.get(key)!;
  chains.set(key, null); // while it is being walked (the lint forbids import cycles anyway)
  if (!/\.(tsx?|js)$/.test(file) || name.startsWith('lib/generated/')) return null;
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const said = directive(source);
  const browser = inBrowser || said === 'use client';
  let found: string[] | null = null;
  if (said !== 'use server' && !(browser && ALLOWED[name])) {
    for (const specifier of runtimeImports(source)) {
      if (browser && ZOD.test(specifier)) found = [name, specifier];
      const next: string | null = found ? null : resolve(specifier, file);
      const rest: string[] | null = next ? chainToZod(next, browser) : null;
      if (rest) found = [name, ...rest];
      if (found) break;
    }
  }
  chains.set(key, found);
  return found;
}

describe("the public pages' browser code", () => {
  it('finds the public pages and their client components', () => {
    expect(ENTRIES.map((f) => path.relative(ROOT, f))).toEqual(
      expect.arrayContaining([
        'app/(public)/card/[cardToken]/page.tsx',
        'app/(public)/review/[teamMemberId]/page.tsx',
      ]),
    );
  });

  it('would see zod through a declaration imported by browser code', () => {
    expect(chainToZod(path.join(ROOT, 'lib/contract/public.ts'), true)).toEqual(
      expect.arrayContaining(['lib/contract/public.ts']),
    );
    expect(chainToZod(path.join(ROOT, 'lib/contract/paths.ts'), true)).toBeNull();
    expect(chainToZod(path.join(ROOT, 'lib/contract/public-call.ts'), true)).toBeNull();
  });

  it('reaches zod through no import (lib/contract/paths.ts, not the declarations)', () => {
    const found = ENTRIES.map((entry) => chainToZod(entry, false)).filter((chain) => chain !== null);
    expect(found.map((chain) => chain.join(' → '))).toEqual([]);
  });
});
