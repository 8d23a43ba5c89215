import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { exportApi, isLocale } from '@study-crm/shared';
import { blobOf, fetchData } from '../../api/call';
import type { Params } from '../../api/client';
import { JobProgress } from './jobs';
import { saveBlob } from '../../api/download';

// The list's current filters and sort, without its page (the export holds every row).
function filtersOf(params: Params): string {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params))
    if (k !== 'pageNum' && k !== 'pageSize' && k !== 'cursor' && v !== undefined && v !== null && v !== '') out[k] = v;
  return JSON.stringify(out);
}

// "Export" of a list screen (docs/export.md): the server's exporter of `list` reads the rows the list shows with
// `params` (its current filters and sort). A small export downloads at once; a large one runs as a background job
// whose progress this shows, and whose file also arrives in the message box.
export function ExportButton({
  list,
  params,
  testId = 'list-export',
}: {
  list: string;
  params: Params;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<{ id: number; total: number } | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      const query = { list, filters: filtersOf(params), locale: isLocale(i18n.language) ? i18n.language : null };
      const started = await fetchData(exportApi.start, query);
      if (started.jobId === null)
        saveBlob(await blobOf(exportApi.file, query), `${list}-${new Date().toISOString().slice(0, 10)}.xlsx`);
      else setJob({ id: started.jobId, total: started.total });
    } catch {
      // The client showed the refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon={<ExportOutlined />} loading={busy} onClick={() => void run()} data-testid={testId}>
        {t('crud.exportRun.button')}
      </Button>
      <Modal
        open={job !== null}
        title={t('crud.exportRun.button')}
        onCancel={() => setJob(null)}
        footer={<Button onClick={() => setJob(null)}>{t('crud.exportRun.close')}</Button>}
        destroyOnHidden
      >
        {job && (
          <>
            <Typography.Paragraph>{t('crud.exportRun.queued', { total: job.total })}</Typography.Paragraph>
            <JobProgress id={job.id} />
          </>
        )}
      </Modal>
    </>
  );
}
