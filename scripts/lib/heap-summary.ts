import { readFileSync } from 'node:fs';

/**
 * What a V8 heap snapshot holds, grouped: objects by constructor, strings, compiled code, arrays… — the
 * live heap after the full collection a snapshot starts with. Reads the snapshot's flat node table
 * (meta.node_fields), so no tooling beyond Node.
 */

export interface HeapGroup {
  name: string;
  mb: number;
  count: number;
}

export interface HeapSummary {
  live_mb: number;
  nodes: number;
  top: HeapGroup[];
  /** The largest single objects (a string's preview is its first characters). */
  largest: { type: string; name: string; mb: number }[];
}

interface RawSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Node types whose name says nothing useful per node (every string's name is its text). */
const GROUPED_BY_TYPE = new Set(['string', 'concatenated string', 'sliced string', 'code', 'number', 'hidden', 'array', 'regexp', 'bigint']);

export function summarizeHeapSnapshot(file: string, topN = 10): HeapSummary {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as RawSnapshot;
  const fields = raw.snapshot.meta.node_fields;
  const types = raw.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const groups = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  const largest: { type: string; nameIndex: number; bytes: number }[] = [];
  for (let i = 0; i < raw.nodes.length; i += width) {
    const type = types[raw.nodes[i + typeAt] as number] ?? 'unknown';
    const bytes = raw.nodes[i + sizeAt] as number;
    if (largest.length < topN || bytes > (largest.at(-1) as { bytes: number }).bytes) {
      largest.push({ type, nameIndex: raw.nodes[i + nameAt] as number, bytes });
      largest.sort((a, b) => b.bytes - a.bytes);
      if (largest.length > topN) largest.pop();
    }
    const name = GROUPED_BY_TYPE.has(type) ? `(${type})` : `${raw.strings[raw.nodes[i + nameAt] as number] ?? '?'}${type === 'object' ? '' : ` (${type})`}`;
    const group = groups.get(name) ?? { bytes: 0, count: 0 };
    group.bytes += bytes;
    group.count++;
    groups.set(name, group);
    total += bytes;
  }
  const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
  const top = [...groups.entries()]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, topN)
    .map(([name, { bytes, count }]) => ({ name: name.slice(0, 60), mb: mb(bytes), count }));
  const preview = (text: string) => text.replace(/\s+/g, ' ').slice(0, 60);
  return {
    live_mb: mb(total),
    nodes: raw.nodes.length / width,
    top,
    largest: largest.map(({ type, nameIndex, bytes }) => ({ type, name: preview(raw.strings[nameIndex] ?? '?'), mb: Math.round((bytes / 1048576) * 100) / 100 })),
  };
}
