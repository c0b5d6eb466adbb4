/** A tiny observable list used by the toast and dialog hosts (no React context needed to open one). */
export interface ListStore<T> {
  get(): readonly T[];
  subscribe(listener: () => void): () => void;
  add(item: T): void;
  remove(predicate: (item: T) => boolean): void;
}

/** Creates an empty {@link ListStore}. */
export function createListStore<T>(): ListStore<T> {
  let items: readonly T[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    get: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(item) {
      items = [...items, item];
      emit();
    },
    remove(predicate) {
      const next = items.filter((i) => !predicate(i));
      if (next.length !== items.length) {
        items = next;
        emit();
      }
    },
  };
}
