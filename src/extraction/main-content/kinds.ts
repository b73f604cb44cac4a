/** What a page declares itself to be (schema.org, og:type, markup), as guessPageKind reads it. */
export type PageKind = 'article' | 'forum' | 'product' | 'listing' | 'unknown';

/** The kind a root is judged as: the declared kind, or one derived from our root. */
export type RootKind = PageKind | 'repeated' | 'index';
