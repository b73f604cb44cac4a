/** Whether two addresses are on one site: the crawl's scope and extraction's off-site link lists read it alike. */

const withoutWww = (host: string) => host.replace(/^www\./, '');

/**
 * Same site as `startUrl`: the same host (`www.` ignored, either scheme), or with `allowSubdomains` any
 * subdomain of it. Without a public-suffix list this never widens to siblings (`blog.example.com` does not
 * admit `shop.example.com` unless the crawl started at `example.com`).
 */
export function sameSite(url: string, startUrl: string, allowSubdomains: boolean): boolean {
  const host = withoutWww(new URL(url).hostname);
  const start = withoutWww(new URL(startUrl).hostname);
  return host === start || (allowSubdomains && host.endsWith(`.${start}`));
}
