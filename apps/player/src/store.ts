/**
 * What the player keeps across reloads, in IndexedDB: its device token, the last schedule and the
 * playback state (counters, cursors). One object store of keyed values; every write is one transaction.
 */

const DB_NAME = 'robot-ads-player';
const STORE = 'kv';
/** Proof-of-play events waiting for the server's acknowledgement (apps/player/src/outbox.ts). */
const EVENTS = 'events';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, 2);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
        // Keyed by an auto-incremented sequence so that the oldest events are sent first.
        if (!request.result.objectStoreNames.contains(EVENTS)) {
          request.result.createObjectStore(EVENTS, { autoIncrement: true }).createIndex('id', 'id', { unique: true });
        }
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opening = null;
        reject(request.error ?? new Error('IndexedDB unavailable'));
      };
    });
  }
  return opening;
}

export async function load<T>(key: string): Promise<T | undefined> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(key);
    request.onsuccess = () => resolve(request.result as T | undefined);
    request.onerror = () => reject(request.error);
  });
}

export async function save(key: string, value: unknown): Promise<void> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(value, key);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export async function remove(key: string): Promise<void> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).delete(key);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** The IndexedDB side of the event outbox: events survive reloads and offline periods. */
export const eventStore = {
  async add(events: { id: string }[]): Promise<void> {
    const db = await open();
    const tx = db.transaction(EVENTS, 'readwrite');
    const store = tx.objectStore(EVENTS);
    for (const e of events) store.add(e);
    return done(tx);
  },
  async oldest<E>(limit: number): Promise<E[]> {
    const db = await open();
    return new Promise((resolve, reject) => {
      const request = db.transaction(EVENTS, 'readonly').objectStore(EVENTS).getAll(null, limit);
      request.onsuccess = () => resolve(request.result as E[]);
      request.onerror = () => reject(request.error);
    });
  },
  async remove(ids: string[]): Promise<void> {
    const db = await open();
    const tx = db.transaction(EVENTS, 'readwrite');
    const index = tx.objectStore(EVENTS).index('id');
    for (const id of ids) {
      const request = index.getKey(id);
      request.onsuccess = () => {
        if (request.result !== undefined) tx.objectStore(EVENTS).delete(request.result);
      };
    }
    return done(tx);
  },
  async count(): Promise<number> {
    const db = await open();
    return new Promise((resolve, reject) => {
      const request = db.transaction(EVENTS, 'readonly').objectStore(EVENTS).count();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  },
};
