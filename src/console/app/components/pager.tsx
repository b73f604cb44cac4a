import { useState } from 'preact/hooks';

/**
 * Keyset paging as the API does it (`next_cursor`), with a way back: the cursors of the pages already
 * passed are kept, so "back" re-reads the previous page instead of needing a reverse cursor.
 */
export interface CursorPages {
  /** The cursor of the page shown (undefined: the first page). */
  cursor: string | undefined;
  /** How many pages lie before this one. */
  depth: number;
  forward(next: string): void;
  back(): void;
  reset(): void;
}

export function useCursorPages(): CursorPages {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    cursor: cursors.at(-1),
    depth: cursors.length,
    forward: (next) => setCursors([...cursors, next]),
    back: () => setCursors(cursors.slice(0, -1)),
    reset: () => setCursors([]),
  };
}

/** The two buttons under a paged list; "later" is disabled on the last page (`next` null). */
export function Pager({ pages, next, label, earlier, later }: { pages: CursorPages; next: string | null | undefined; label: string; earlier: string; later: string }) {
  return (
    <nav class="pager" aria-label={label}>
      <button type="button" class="button-secondary" disabled={pages.depth === 0} onClick={pages.back}>
        {earlier}
      </button>
      <button type="button" class="button-secondary" disabled={!next} onClick={() => next && pages.forward(next)}>
        {later}
      </button>
    </nav>
  );
}
