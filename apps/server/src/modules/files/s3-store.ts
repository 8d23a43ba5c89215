import fs from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../../config.js';
import type { ObjectStore } from './object-store.js';

type S3Settings = Extract<Config['storage'], { driver: 's3' }>;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

// The S3 driver: one bucket every server shares (several servers). Objects are keyed by their stored names;
// uploads and downloads stream (multipart upload from the temp file, the object's body to the caller).
export function s3ObjectStore(s: S3Settings, client?: S3Client): ObjectStore {
  const s3 =
    client ??
    new S3Client({
      region: s.region,
      ...(s.endpoint ? { endpoint: s.endpoint } : {}),
      ...(s.credentials ? { credentials: s.credentials } : {}),
      forcePathStyle: s.forcePathStyle,
    });
  const Bucket = s.bucket;
  const body = (b: unknown): Readable => {
    if (b instanceof Readable) return b;
    throw new Error('the S3 answer has no readable body');
  };
  return {
    async put(storedName, tempPath, _size, mime) {
      await new Upload({
        client: s3,
        params: { Bucket, Key: storedName, Body: fs.createReadStream(tempPath), ContentType: mime },
      }).done();
      await fs.promises.rm(tempPath, { force: true });
    },
    async get(storedName) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket, Key: storedName }));
        return {
          size: Number(head.ContentLength ?? 0),
          read: async () => body((await s3.send(new GetObjectCommand({ Bucket, Key: storedName }))).Body),
        };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async head(storedName, bytes) {
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket, Key: storedName, Range: `bytes=0-${bytes - 1}` }));
        const chunks: Buffer[] = [];
        for await (const chunk of body(res.Body)) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks).subarray(0, bytes);
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async remove(storedName) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: storedName }));
    },
    async list() {
      const out: { storedName: string; mtimeMs: number }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const o of page.Contents ?? []) {
          if (o.Key) out.push({ storedName: o.Key, mtimeMs: o.LastModified?.getTime() ?? 0 });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return out;
    },
  };
}
