/**
 * The address of a saved benchmark page, as the service would know it: the page's own canonical or
 * og:url, else a placeholder. Extraction reads the address (page kind, article-like paths), so the
 * scripts that measure it pass the closest thing to the real one.
 */
export function savedPageUrl(html: string, id: string): string {
  const canonical =
    /<link[^>]+rel=["']canonical["'][^>]*href=["']([^"']+)["']/i.exec(html)?.[1] ??
    /<meta[^>]+property=["']og:url["'][^>]*content=["']([^"']+)["']/i.exec(html)?.[1];
  try {
    if (canonical) return new URL(canonical).href;
  } catch {
    /* relative or malformed: fall through */
  }
  return `https://page.invalid/${id}`;
}
