/**
 * zod-to-openapi 9.1.0 writes a regex with flags as `source/flags` (e.g. `^[a-z]+$/i`), which is not a
 * valid pattern for the value it describes. JSON Schema patterns have no flags, so: drop the suffix and,
 * for `i`, widen the letter ranges the schemas use (`a-z` ↔ `A-Z`). A regex without flags is untouched.
 */

// An unescaped `/` never occurs in a regex source, so one near the end can only be the flags separator.
const FLAGS_SUFFIX = /(?<!\\)\/([dgimsuvy]+)$/;

export function patternWithoutFlags(pattern: string): string {
  const match = FLAGS_SUFFIX.exec(pattern);
  if (!match) return pattern;
  const source = pattern.slice(0, match.index);
  return match[1]!.includes('i') ? source.replace(/a-z(?!A-Z)/g, 'a-zA-Z').replace(/(?<!a-z)A-Z/g, 'A-Za-z') : source;
}

/** Applies patternWithoutFlags to every `pattern` string of a generated document, in place. */
export function fixPatternFlags(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(fixPatternFlags);
  } else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (key === 'pattern' && typeof value === 'string') record[key] = patternWithoutFlags(value);
      else fixPatternFlags(value);
    }
  }
}
