/**
 * The S3 side of the adapters, required on first use (`loadS3` in ./clients.ts): a Lambda whose
 * requests never touch S3 never evaluates the S3 client, its commands, lib-storage or the presigner
 * (infra/DEPLOY.md "Bundles"). Nothing else imports these at run time.
 */
export { S3Client } from '@aws-sdk/client-s3';
export { S3Blobs } from './s3-blobs';
