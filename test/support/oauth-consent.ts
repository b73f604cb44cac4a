/**
 * The account holder's part of the authorization step, over plain HTTP as a browser would do it: load the
 * consent page, then submit its form with the account's API key and a decision. Returns the page and the
 * answer to the form (a redirect to the client when the server accepts the decision).
 */
export async function submitConsent(authorizationUrl: URL | string, apiKey: string, decision: 'approve' | 'deny' = 'approve') {
  const page = await fetch(authorizationUrl, { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) return { page: { status: page.status, html, location: page.headers.get('location') }, answer: null };
  const form = html.match(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/);
  if (!form) throw new Error(`no consent form on the page: ${html.slice(0, 500)}`);
  const fields = new URLSearchParams();
  for (const [, name, value] of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields.append(name!, decodeEntities(value!));
  fields.set('api_key', apiKey);
  fields.set('decision', decision);
  const response = await fetch(new URL(form[1]!, page.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  return {
    page: { status: page.status, html, location: null },
    answer: { status: response.status, location: response.headers.get('location'), html: await response.text() },
  };
}

/** Approves and returns the redirect back to the client; throws when the server did not redirect. */
export async function approveConsent(authorizationUrl: URL | string, apiKey: string): Promise<URL> {
  const { answer, page } = await submitConsent(authorizationUrl, apiKey, 'approve');
  if (!answer?.location) throw new Error(`consent not accepted: ${answer?.status ?? page.status} ${(answer?.html ?? page.html).slice(0, 500)}`);
  return new URL(answer.location);
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[entity] ?? _);
}
