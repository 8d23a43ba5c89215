import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
// s3rver ships no types: the constructor and run/close are all the tests use.
// @ts-expect-error -- untyped package
import S3rverModule from 's3rver';

type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
const S3rver = S3rverModule as new (opts: Record<string, unknown>) => S3rverServer;

// An S3-compatible server inside the test (s3rver, on a temp directory) with one fresh bucket; `env` points an app's
// file storage at it.
export async function startS3Server() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'study-crm-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const bucket = `uploads-${randomBytes(4).toString('hex')}`;
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    // The keys in the bucket, read past the app.
    keys: async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key),
    close: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
export type S3Fixture = Awaited<ReturnType<typeof startS3Server>>;
