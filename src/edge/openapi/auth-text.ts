import type { RouteDoc } from './route-doc.js';

/** The auth requirement of a route in words, for its description (the same facts as `security` and `x-pith-scope`). */
export function authSentence(route: RouteDoc): string {
  const alternatives = [
    route.jobToken ? 'or the header `X-Job-Token` returned by a pay-per-request submission' : '',
    route.payable ? 'or a pay-per-request (x402) payment instead of a key' : '',
    route.signedLink ? 'or no key at all with the signed link (`?expires=&signature=`) the file was answered with' : '',
  ].filter(Boolean);
  const tail = alternatives.length > 0 ? `, ${alternatives.join(', ')}` : '';
  if (route.auth === 'public') return '**Auth:** none (public).';
  if (route.auth === 'key') return `**Auth:** any valid key (\`Authorization: Bearer <API_KEY>\`); no scope needed${tail}.`;
  return `**Auth:** \`Authorization: Bearer <API_KEY>\` with scope \`${route.auth}\` or \`*\`${tail}.`;
}
