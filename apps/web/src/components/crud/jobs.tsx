import { useQuery } from '@tanstack/react-query';
import { Button, Progress, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { jobsApi, type BackgroundJob } from '@study-crm/shared';
import { blobOf, fetchData } from '../../api/call';
import { saveBlob } from '../../api/download';

// The file of one of the member's finished background jobs (also the link of its message in the message box).
export async function downloadJob(id: number, fileName?: string) {
  const blob = await blobOf(jobsApi.download, { id });
  saveBlob(blob, fileName ?? (await fetchData(jobsApi.status, { id })).fileName ?? 'export.xlsx');
}

const isOpen = (job: BackgroundJob | undefined) => !job || job.status === 'queued' || job.status === 'running';

// A background job's status, polled every second while it waits or runs.
export function useJobStatus(id: number | null) {
  return useQuery({
    enabled: id !== null,
    queryKey: ['jobs', 'status', id],
    queryFn: ({ signal }) => fetchData(jobsApi.status, { id: id! }, { signal }),
    refetchInterval: (q) => (isOpen(q.state.data) ? 1000 : false),
  });
}

// A background job's progress bar, and its file's download button once it is done; `strings` names the words
// (progress, rows, done, failed, download) of the kind of job (an export's by default).
export function JobProgress({
  id,
  strings = 'crud.exportRun',
}: {
  id: number;
  strings?: 'crud.exportRun' | 'importSheet.job';
}) {
  const { t } = useTranslation();
  const { data: job } = useJobStatus(id);
  const percent = job && job.total > 0 ? Math.floor((job.done / job.total) * 100) : 0;
  const failed = job?.status === 'failed';
  const done = job?.status === 'done';
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="job-progress">
      <Progress
        percent={done ? 100 : percent}
        status={failed ? 'exception' : done ? 'success' : 'active'}
        aria-label={t(`${strings}.progress`)}
      />
      <Typography.Text type={failed ? 'danger' : undefined} aria-live="polite">
        {failed
          ? t(`${strings}.failed`)
          : done
            ? t(`${strings}.done`)
            : t(`${strings}.rows`, { done: job?.done ?? 0, total: job?.total ?? 0 })}
      </Typography.Text>
      {done && (
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          data-testid="job-download"
          onClick={() => void downloadJob(id, job.fileName ?? undefined)}
        >
          {t(`${strings}.download`)}
        </Button>
      )}
    </Space>
  );
}
