/** `--name value` from the command line as a number, or the fallback. */
export const numberArg = (name: string, fallback: number): number => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};

/** The p-th percentile (nearest rank) of the values; 0 for none. */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export const round = (x: number, digits = 1): number => Math.round(x * 10 ** digits) / 10 ** digits;
