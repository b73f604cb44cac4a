/** The same request as the playground sent, written for curl and both client libraries. The key is never written into a snippet. */

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${JSON.stringify(key)}: ${pythonLiteral(item)}`)
    .join(', ')}}`;
}

export function curlSnippet(baseUrl: string, body: Record<string, unknown>): string {
  return [`curl -sS ${shellQuote(`${baseUrl}/extract`)} \\`, '  -H "Authorization: Bearer $PITH_API_KEY" \\', "  -H 'Content-Type: application/json' \\", `  -d ${shellQuote(JSON.stringify(body))}`].join('\n');
}

export function typescriptSnippet(baseUrl: string, body: Record<string, unknown>): string {
  return [
    "import { PithClient } from 'pith-client';",
    '',
    `const pith = new PithClient({ baseUrl: ${JSON.stringify(baseUrl)} }); // key from PITH_API_KEY`,
    `const page = await pith.extract(${JSON.stringify(body, null, 2).replace(/\n/g, '\n')});`,
    'console.log(page.markdown);',
  ].join('\n');
}

export function pythonSnippet(baseUrl: string, body: Record<string, unknown>): string {
  const { url, ...fields } = body;
  const args = [pythonLiteral(url), ...Object.entries(fields).map(([key, value]) => `${key}=${pythonLiteral(value)}`)];
  return ['from pith import Pith', '', `pith = Pith(base_url=${JSON.stringify(baseUrl)})  # key from PITH_API_KEY`, `page = pith.extract(${args.join(', ')})`, 'print(page["markdown"])'].join('\n');
}
