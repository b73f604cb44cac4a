/**
 * Secrets a caller may put where Pith records text (a URL in the request log): API keys, job tokens,
 * payment signatures, and the values of query parameters whose names say "secret". Logs keep the shape
 * of what was sent without the secret itself.
 */
const SECRET_VALUES: [RegExp, string][] = [
  [/ce_[0-9a-f]{40}/gi, 'ce_[redacted]'],
  [/jt_[A-Za-z0-9_-]{20,}/g, 'jt_[redacted]'],
  [/whsec_[A-Za-z0-9+/=_-]+/g, 'whsec_[redacted]'],
];
const SECRET_PARAMS = /^(api[_-]?key|key|token|access[_-]?token|refresh[_-]?token|secret|password|signature|payment[_-]?signature|code|code[_-]?verifier)$/i;

export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_VALUES) out = out.replace(pattern, replacement);
  const query = out.indexOf('?');
  if (query < 0) return out;
  const params = out
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const [name = '', ...value] = pair.split('=');
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed escape: judge the raw name
      }
      return value.length > 0 && SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${out.slice(0, query)}?${params.join('&')}`;
}
