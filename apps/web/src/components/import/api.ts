import { Code, importApi, type Envelope, type ImportCheck, type ImportKind } from '@study-crm/shared';
import { call, fetchData } from '../../api/call';
import { downloadAs } from '../../api/download';
import { uploadWithProgress } from '../../api/upload';

export const downloadTemplate = (kind: ImportKind) => downloadAs(importApi(kind).template, {}, `${kind}-import.xlsx`);
export const downloadResult = (kind: ImportKind, id: number) =>
  downloadAs(importApi(kind).result, { id }, `${kind}-import-result.xlsx`);

// The dry run: the file uploaded with progress; the answer (the summary or the refusal) is shown in the drawer.
export function uploadForCheck(
  kind: ImportKind,
  file: File,
  onProgress: (percent: number) => void,
): Promise<Envelope<ImportCheck>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<ImportCheck>(importApi(kind).check.url, form, onProgress).promise;
}

export const runImport = (kind: ImportKind, id: number, mode: 'all' | 'valid') =>
  call(importApi(kind).run, { id, mode }, { apiResCode: [Code.IMPORT_HAS_REFUSED] });

// The run as it is now (its counts once the write's job ended).
export const importView = (kind: ImportKind, id: number) => fetchData(importApi(kind).view, { id });
