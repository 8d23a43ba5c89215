import { useState } from 'react';
import { Progress, Typography, type UploadProps } from 'antd';
import type { Envelope } from '@study-crm/shared';

type InFlight = { uid: string; name: string; percent: number };
// What antd's Upload hands its customRequest for one file.
export type UploadRequest = Parameters<NonNullable<UploadProps['customRequest']>>[0];

// Sends one file and reports its progress (api/upload.ts's uploadWithProgress behind a screen's own call).
export type SendFile<T> = (file: File, onProgress: (percent: number) => void) => Promise<Envelope<T>>;

// Files on their way up: antd's Upload picks them (button or drag-and-drop), `request` sends each through the
// screen's call, and `inFlight` lists those still uploading with their progress until they land or fail.
export function useUploads() {
  const [inFlight, setInFlight] = useState<Record<string, InFlight>>({});

  const request =
    <T,>(send: SendFile<T>, onUploaded: (data: T, file: File) => void) =>
    (opts: UploadRequest): void => {
      const file = opts.file as File & { uid: string };
      const track = (percent: number) =>
        setInFlight((all) => ({ ...all, [file.uid]: { uid: file.uid, name: file.name, percent } }));
      const landed = () =>
        setInFlight((all) => {
          const { [file.uid]: _gone, ...rest } = all;
          return rest;
        });
      track(0);
      send(file, (percent) => {
        opts.onProgress?.({ percent });
        track(percent);
      })
        .then((env) => {
          landed();
          if (env.meta.code === 200) {
            onUploaded(env.data, file);
            opts.onSuccess?.(env.data);
          } else opts.onError?.(new Error(env.meta.message));
        })
        .catch((err: Error) => {
          landed();
          opts.onError?.(err);
        });
    };

  return { request, inFlight: Object.values(inFlight) };
}

// A progress bar under its file name for each file still uploading.
export function UploadProgress({ files, testId }: { files: readonly InFlight[]; testId: string }) {
  return files.map((f) => (
    <div key={f.uid} style={{ margin: '8px 0' }} data-testid={testId}>
      <Typography.Text>{f.name}</Typography.Text>
      {/* Named by its file (WCAG 4.1.2). */}
      <Progress percent={f.percent} size="small" status="active" aria-label={f.name} />
    </div>
  ));
}
