// solc-js ships no types; Pith uses only its standard-JSON compile entry point.
declare module 'solc' {
  const solc: { compile(input: string): string; version(): string };
  export default solc;
}
