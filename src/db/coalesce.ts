/**
 * One statement for many callers: `write` gets every item submitted while its previous call ran (up to
 * `max`); an item submitted while nothing runs is written at once. Each caller's promise settles with
 * the write that carried its item.
 */
export function coalesced<T>(write: (items: T[]) => Promise<void>, max = 100): (item: T) => Promise<void> {
  let waiting: { item: T; resolve: () => void; reject: (err: unknown) => void }[] = [];
  let running = false;
  const drain = async () => {
    running = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, max);
      waiting = waiting.slice(max);
      await write(batch.map((w) => w.item)).then(
        () => batch.forEach((w) => w.resolve()),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      );
    }
    running = false;
  };
  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
