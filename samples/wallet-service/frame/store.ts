/**
 * The frame's storage: IndexedDB of the wallet service's origin (browsers partition it by the top-level
 * site, so each app embedding the frame has its own). Holds the device key pair (CryptoKey objects,
 * private half non-extractable) and the session per project. Without IndexedDB (some private modes) the
 * frame keeps both in memory: the login then lasts as long as the page.
 */
export interface StoredSession {
  readonly token: string;
  readonly expiresAt: number;
  readonly issuedAt: number;
}

export interface FrameStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

const DB_NAME = 'latchkey-wallet-frame';
const STORE = 'kv';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function memoryStore(): FrameStore {
  const map = new Map<string, unknown>();
  return {
    get: async <T>(key: string) => map.get(key) as T | undefined,
    set: async (key, value) => void map.set(key, value),
    delete: async (key) => void map.delete(key),
  };
}

export async function openStore(): Promise<{ store: FrameStore; persistent: boolean }> {
  try {
    if (typeof indexedDB === 'undefined') throw new Error('no IndexedDB');
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    const db = await request(open);
    const tx = (mode: IDBTransactionMode) => db.transaction(STORE, mode).objectStore(STORE);
    return {
      persistent: true,
      store: {
        get: <T>(key: string) => request(tx('readonly').get(key)) as Promise<T | undefined>,
        set: async (key, value) => void (await request(tx('readwrite').put(value, key))),
        delete: async (key) => void (await request(tx('readwrite').delete(key))),
      },
    };
  } catch {
    return { store: memoryStore(), persistent: false };
  }
}
