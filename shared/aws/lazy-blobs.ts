import type { BlobStore } from '../storage/blob';
import { withDependency } from './unavailable';

/**
 * A BlobStore that builds the real one on its first call: the Lambdas construct their adapters at
 * cold start, and the S3 adapter's code is loaded only when a request first needs it (./clients.ts
 * `loadS3`, a lazy file of its own in the Lambda bundles). Every call is wrapped here in
 * `withDependency`, so an unreachable S3 is a 503 problem raised with this bundle's error class.
 */
export function lazyBlobs(bucket: string, create: () => BlobStore): BlobStore {
  let store: BlobStore | undefined;
  const get = () => {
    store ??= create();
    return store;
  };
  return {
    bucket,
    put: async (key, body, opts) => withDependency('S3', () => get().put(key, body, opts)),
    get: async (key, range) => withDependency('S3', () => get().get(key, range)),
    getBuffer: async (key) => withDependency('S3', () => get().getBuffer(key)),
    head: async (key) => withDependency('S3', () => get().head(key)),
    presignGet: async (key, seconds, filename) => withDependency('S3', () => get().presignGet(key, seconds, filename)),
    list: async (prefix) => withDependency('S3', () => get().list(prefix)),
    probe: async () => withDependency('S3', () => get().probe()),
  };
}
