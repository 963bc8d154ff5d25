/**
 * Runs `work` over items pulled from an async source, at most `limit` at a time. Items are pulled
 * only when a slot is free and nothing is kept once done, so memory does not grow with the list.
 */
export async function forEachPooled<T>(items: AsyncIterable<T>, limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const iterator = items[Symbol.asyncIterator]();
  let failure: unknown = null;
  const lane = async () => {
    for (;;) {
      if (failure !== null) return;
      const next = await iterator.next();
      if (next.done) return;
      try {
        await work(next.value);
      } catch (e) {
        failure ??= e;
      }
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
  if (failure !== null) throw failure;
}
