import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Envelope } from '@study-crm/shared';
import { useUploads, type UploadRequest } from './useUploads';

// A send the test settles by hand, with the progress callback it was given.
function pendingSend<T>() {
  let settle: (env: Envelope<T>) => void = () => undefined;
  let progress: (percent: number) => void = () => undefined;
  const send = vi.fn((_file: File, onProgress: (percent: number) => void) => {
    progress = onProgress;
    return new Promise<Envelope<T>>((resolve) => (settle = resolve));
  });
  return { send, settle: (env: Envelope<T>) => settle(env), progress: (p: number) => progress(p) };
}

const file = (name: string, uid: string) => Object.assign(new File(['x'], name), { uid });
const antdOpts = (f: File) =>
  ({ file: f, onProgress: vi.fn(), onSuccess: vi.fn(), onError: vi.fn() }) as unknown as UploadRequest & {
    onSuccess: ReturnType<typeof vi.fn>;
    onError: ReturnType<typeof vi.fn>;
  };

describe('useUploads', () => {
  it('lists a file with its progress while it uploads and hands its answer on once it lands', async () => {
    const { result } = renderHook(() => useUploads());
    const up = pendingSend<{ name: string }>();
    const onUploaded = vi.fn();
    const opts = antdOpts(file('a.pdf', 'u1'));
    act(() => result.current.request(up.send, onUploaded)(opts));
    expect(result.current.inFlight).toEqual([{ uid: 'u1', name: 'a.pdf', percent: 0 }]);
    act(() => up.progress(40));
    expect(result.current.inFlight).toEqual([{ uid: 'u1', name: 'a.pdf', percent: 40 }]);
    await act(async () => up.settle({ meta: { code: 200, message: 'ok' }, data: { name: 'stored.pdf' } }));
    expect(result.current.inFlight).toEqual([]);
    expect(onUploaded).toHaveBeenCalledWith({ name: 'stored.pdf' }, opts.file);
    expect(opts.onSuccess).toHaveBeenCalled();
  });

  it('drops a refused file from the list without calling onUploaded', async () => {
    const { result } = renderHook(() => useUploads());
    const up = pendingSend<null>();
    const onUploaded = vi.fn();
    const opts = antdOpts(file('x.exe', 'u2'));
    act(() => result.current.request(up.send, onUploaded)(opts));
    await act(async () => up.settle({ meta: { code: 400, message: 'file: not allowed' }, data: null }));
    expect(result.current.inFlight).toEqual([]);
    expect(onUploaded).not.toHaveBeenCalled();
    expect(opts.onError).toHaveBeenCalledWith(new Error('file: not allowed'));
  });
});
