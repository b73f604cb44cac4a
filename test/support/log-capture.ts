import { Writable } from 'node:stream';

/** A pino destination keeping every JSON line written to it, parsed, for a test to read. */
export function logCapture() {
  const lines: Record<string, any>[] = [];
  let raw = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw += chunk.toString();
      let newline: number;
      while ((newline = raw.indexOf('\n')) >= 0) {
        const line = raw.slice(0, newline);
        raw = raw.slice(newline + 1);
        if (line) lines.push(JSON.parse(line));
      }
      done();
    },
  });
  return { stream, lines, text: () => lines.map((l) => JSON.stringify(l)).join('\n') };
}
