/** See source-bundle.mjs: bundles a TypeScript entry under node_modules/.cache/<dir>; returns the file. */
export function bundleSource(entry: string, dir: string, name: string): Promise<string>;
/** See source-bundle.mjs: the same without rewriting `import.meta.url`, synchronously. */
export function bundleSourceSync(entry: string, dir: string, name: string): string;
