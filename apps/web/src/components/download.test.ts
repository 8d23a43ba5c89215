import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const blob = vi.fn();
vi.mock('../api/client', () => ({
  api: { blob: (...args: unknown[]) => blob(...args) },
  encodeParams: (p: Record<string, string> = {}) => new URLSearchParams({ appId: 'student-admin', ...p }),
}));

const { downloadFile, extensionOf, isImageFile } = await import('./download');

let clicked: { href: string; download: string }[] = [];
beforeEach(() => {
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  URL.createObjectURL = vi.fn(() => 'blob:fake');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
  blob.mockReset();
});

describe('file download', () => {
  it('recognises the image extensions of spec section 9', () => {
    for (const name of ['a.jpg', 'b.PNG', 'c.gif', 'd.jpeg', '/x/y.png?v=1']) expect(isImageFile(name)).toBe(true);
    for (const name of ['a.pdf', 'b.xlsx', 'noext', '/dir.v2/file', 'c.webp']) expect(isImageFile(name)).toBe(false);
    expect(extensionOf('/a/b/report.final.PDF#page=2')).toBe('pdf');
  });

  it('fetches images through the API client and saves the blob', async () => {
    blob.mockResolvedValue(new Blob(['x'], { type: 'image/png' }));
    await downloadFile('/api/v1/file/get', 'receipt.png', { id: 7 });
    expect(blob).toHaveBeenCalledWith('/api/v1/file/get', { id: 7 });
    expect(clicked).toEqual([{ href: 'blob:fake', download: 'receipt.png' }]);
  });

  it('fetches absolute image addresses directly', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('img', { status: 200 }));
    await downloadFile('https://cdn.example.com/a/photo.JPG');
    expect(fetchMock).toHaveBeenCalledWith('https://cdn.example.com/a/photo.JPG');
    expect(clicked[0]?.download).toBe('photo.JPG');
  });

  it('only logs a failed image download', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    blob.mockRejectedValue(new Error('boom'));
    await expect(downloadFile('/api/v1/file/get', 'x.gif')).resolves.toBeUndefined();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 404 }));
    await expect(downloadFile('https://cdn.example.com/y.jpeg')).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(2);
    expect(clicked).toEqual([]);
  });

  it('downloads other files through a link', async () => {
    await downloadFile('/api/v1/file/export', 'list.xlsx', { type: 'a' });
    expect(clicked).toEqual([{ href: '/api/v1/file/export?appId=student-admin&type=a', download: 'list.xlsx' }]);
    await downloadFile('https://files.example.com/docs/contract.pdf');
    expect(clicked[1]).toEqual({ href: 'https://files.example.com/docs/contract.pdf', download: 'contract.pdf' });
    expect(blob).not.toHaveBeenCalled();
  });
});
