import { useQuery } from '@tanstack/react-query';
import { Code, importApi, type Envelope, type ImportCheck, type ImportKind, type ImportRun } from '@study-crm/shared';
import { blobOf, call, fetchData } from '../../api/call';
import { uploadWithProgress } from '../../api/upload';

async function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const downloadTemplate = async (kind: ImportKind) =>
  save(await blobOf(importApi(kind).template, {}), `${kind}-import.xlsx`);
export const downloadResult = async (kind: ImportKind, id: number) =>
  save(await blobOf(importApi(kind).result, { id }), `${kind}-import-result.xlsx`);

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

// The run's progress, read from its row while the write is under way.
export const useImportProgress = (kind: ImportKind, id: number | null, poll: boolean) =>
  useQuery<ImportRun>({
    enabled: id !== null && poll,
    queryKey: ['import', kind, id],
    queryFn: ({ signal }) => fetchData(importApi(kind).view, { id: id! }, { signal }),
    refetchInterval: poll ? 700 : false,
  });
