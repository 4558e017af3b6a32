import type { BlobStore } from '../storage/blob';

/**
 * A BlobStore that builds the real one on its first call: the Lambdas construct their adapters at
 * cold start, and the S3 adapter's code is loaded only when a request first needs it (./clients.ts
 * `loadS3`).
 */
export function lazyBlobs(bucket: string, create: () => BlobStore): BlobStore {
  let store: BlobStore | undefined;
  const get = () => {
    store ??= create();
    return store;
  };
  return {
    bucket,
    put: async (key, body, opts) => get().put(key, body, opts),
    get: async (key, range) => get().get(key, range),
    getBuffer: async (key) => get().getBuffer(key),
    head: async (key) => get().head(key),
    presignGet: async (key, seconds, filename) => get().presignGet(key, seconds, filename),
    list: async (prefix) => get().list(prefix),
    probe: async () => get().probe(),
  };
}
