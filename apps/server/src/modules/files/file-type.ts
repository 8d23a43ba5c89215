// The upload allow-list, decided by CONTENT (magic bytes), never by the name or the client's content-type.
export type DetectedType = { extension: string; mime: string };

const startsWith = (buf: Buffer, bytes: number[]) => bytes.every((b, i) => buf[i] === b);
const extOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

export const MIME: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

// Returns the type, or undefined when the content is not on the allow-list.
export function detectFileType(buf: Buffer, fileName: string): DetectedType | undefined {
  const type = (extension: string) => ({ extension, mime: MIME[extension] as string });
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') return type('pdf');
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return type('png');
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return type('jpg');
  const head6 = buf.subarray(0, 6).toString('latin1');
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return type('gif');
  const ext = extOf(fileName);
  // Old Office files share one container format: the declared extension tells Word from Excel.
  if (startsWith(buf, OLE2)) return ext === 'doc' || ext === 'xls' ? type(ext) : undefined;
  // OOXML is a zip whose entries name [Content_Types].xml and word/ or xl/ parts (names are stored uncompressed).
  if (startsWith(buf, ZIP)) {
    const text = buf.toString('latin1');
    if (!text.includes('[Content_Types].xml')) return undefined;
    if (ext === 'docx' && text.includes('word/')) return type('docx');
    if (ext === 'xlsx' && text.includes('xl/')) return type('xlsx');
  }
  return undefined;
}

export const isImage = (extension: string) => ['png', 'jpg', 'gif'].includes(extension);
