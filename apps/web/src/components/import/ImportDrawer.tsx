import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Drawer, Progress, Radio, Space, Statistic, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  Code,
  IMPORT_FILE_MAX_MB,
  IMPORT_ROWS_MAX,
  type ImportCheck,
  type ImportKind,
  type ImportRowPreview,
  type ImportRun,
} from '@study-crm/shared';
import { JobProgress, useJobStatus } from '../crud/jobs';
import { downloadResult, downloadTemplate, importView, runImport, uploadForCheck } from './api';

type Phase =
  | { at: 'idle' }
  | { at: 'checking'; percent: number }
  | { at: 'checked'; check: ImportCheck }
  | { at: 'running'; check: ImportCheck; jobId: number | null }
  | { at: 'done'; check: ImportCheck; run: ImportRun; jobId: number };

const ACTION_COLOR = { add: 'green', change: 'blue', refuse: 'red' } as const;

// The import of one list (docs/import.md): template → upload → dry-run summary → mode → run with progress → result
// sheet. The server checks every row as its form would; nothing is written before "Import". The write is a
// background job: its progress bar and its file (the result sheet) are the jobs module's.
// The dry run's counts, said without moving the focus when they appear (WCAG 4.1.3); the region is in the page
// before them, so a screen reader hears the change.
export function CheckStatus({ check }: { check: ImportCheck | null }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="sr-only" data-testid="import-status">
      {check
        ? t('importSheet.checked', { toAdd: check.toAdd, toChange: check.toChange, toRefuse: check.toRefuse })
        : ''}
    </div>
  );
}

export type ImportDrawerProps = { kind: ImportKind; open: boolean; onClose: () => void; onImported: () => void };

export default function ImportDrawer({ kind, open, onClose, onImported }: ImportDrawerProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ at: 'idle' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [mode, setMode] = useState<'all' | 'valid'>('all');
  const check = 'check' in phase ? phase.check : null;
  const jobId = 'jobId' in phase ? phase.jobId : null;
  const job = useJobStatus(jobId).data;

  // The job ended: the run as it ended (an all-or-nothing run the job refused is checked again, nothing written).
  const ended = phase.at === 'running' && (job?.status === 'done' || job?.status === 'failed');
  const refusedCode = job?.errorCode ?? null;
  const imported = useRef(onImported);
  imported.current = onImported;
  useEffect(() => {
    if (!ended || !check || jobId === null) return;
    void importView(kind, check.id)
      .then((run) => {
        if (run.status === 'checked') {
          setRefusal(
            t(refusedCode === Code.IMPORT_HAS_REFUSED ? 'importSheet.refusedLater' : 'importSheet.job.failed'),
          );
          setPhase({ at: 'checked', check });
        } else {
          setPhase({ at: 'done', check, run, jobId });
          imported.current();
        }
      })
      .catch((err: Error) => setRefusal(err.message));
  }, [ended, check, jobId, kind, refusedCode, t]);

  const pick = (file: File) => {
    setRefusal(null);
    setPhase({ at: 'checking', percent: 0 });
    uploadForCheck(kind, file, (percent) => setPhase({ at: 'checking', percent }))
      .then((env) => {
        if (env.meta.code === 200) {
          setPhase({ at: 'checked', check: env.data });
          setMode(env.data.toRefuse > 0 ? 'valid' : 'all');
        } else {
          setPhase({ at: 'idle' });
          setRefusal(env.meta.message);
        }
      })
      .catch((err: Error) => {
        setPhase({ at: 'idle' });
        setRefusal(err.message);
      });
    return false;
  };

  const start = async (c: ImportCheck) => {
    setRefusal(null);
    setPhase({ at: 'running', check: c, jobId: null });
    const env = await runImport(kind, c.id, mode).catch((err: Error) => {
      setRefusal(err.message);
      return null;
    });
    if (env?.meta.code === 200) setPhase({ at: 'running', check: c, jobId: env.data.jobId });
    else {
      if (env) setRefusal(env.meta.message);
      setPhase({ at: 'checked', check: c });
    }
  };

  const columns = [
    { title: t('importSheet.colRow'), dataIndex: 'rowNo', width: 64 },
    {
      title: t('importSheet.colAction'),
      dataIndex: 'action',
      width: 96,
      render: (a: ImportRowPreview['action']) => <Tag color={ACTION_COLOR[a]}>{t(`importSheet.action.${a}`)}</Tag>,
    },
    { title: t('importSheet.colSummary'), dataIndex: 'summary', ellipsis: true },
    { title: t('importSheet.colReason'), dataIndex: 'reason', render: (r: string | null) => r ?? '' },
  ];
  const running = phase.at === 'running';

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      title={t('importSheet.title', { what: t(`importSheet.what.${kind}`) })}
      destroyOnHidden
      data-testid="import-drawer"
    >
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Space orientation="vertical">
          <Typography.Text strong>{t('importSheet.step1')}</Typography.Text>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate(kind)} data-testid="import-template">
            {t('importSheet.template')}
          </Button>
        </Space>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text strong>
            {t('importSheet.step2', { rows: IMPORT_ROWS_MAX.toLocaleString(), size: IMPORT_FILE_MAX_MB })}
          </Typography.Text>
          <Upload accept=".xlsx" maxCount={1} showUploadList={false} beforeUpload={pick} disabled={running}>
            <Button icon={<UploadOutlined />} loading={phase.at === 'checking'} data-testid="import-upload">
              {phase.at === 'checking' ? t('importSheet.checking') : t('importSheet.upload')}
            </Button>
          </Upload>
          {phase.at === 'checking' ? (
            <Progress percent={phase.percent} size="small" aria-label={t('importSheet.checking')} />
          ) : null}
          {refusal ? <Alert type="error" showIcon title={refusal} data-testid="import-refusal" /> : null}
        </Space>
        <CheckStatus check={check} />
        {check ? (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="import-summary">
            <Typography.Text strong>{t('importSheet.step3')}</Typography.Text>
            <Space size="large">
              <Statistic title={t('importSheet.toAdd')} value={check.toAdd} />
              <Statistic title={t('importSheet.toChange')} value={check.toChange} />
              <Statistic
                title={t('importSheet.toRefuse')}
                value={check.toRefuse}
                styles={check.toRefuse ? { content: { color: '#cf1322' } } : undefined}
              />
            </Space>
            <Table<ImportRowPreview>
              size="small"
              rowKey="rowNo"
              columns={columns}
              dataSource={check.preview}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              data-testid="import-preview"
            />
          </Space>
        ) : null}
        {check && phase.at !== 'done' ? (
          <Space orientation="vertical">
            <Typography.Text strong>{t('importSheet.step4')}</Typography.Text>
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as 'all' | 'valid')} disabled={running}>
              <Space orientation="vertical">
                <Radio value="all" data-testid="import-mode-all">
                  {t('importSheet.modeAll')}
                </Radio>
                <Radio value="valid" data-testid="import-mode-valid">
                  {t('importSheet.modeValid')}
                </Radio>
              </Space>
            </Radio.Group>
            <Button type="primary" loading={running} onClick={() => void start(check)} data-testid="import-run">
              {t('importSheet.run')}
            </Button>
            {jobId !== null ? <JobProgress id={jobId} strings="importSheet.job" /> : null}
          </Space>
        ) : null}
        {phase.at === 'done' ? (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="import-done">
            <JobProgress id={phase.jobId} strings="importSheet.job" />
            <Alert
              type={phase.run.status === 'failed' ? 'warning' : 'success'}
              showIcon
              title={phase.run.status === 'failed' ? t('importSheet.failed') : t('importSheet.done', phase.run)}
            />
          </Space>
        ) : null}
        {check && phase.at !== 'done' ? (
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void downloadResult(kind, check.id)}
            data-testid="import-result"
          >
            {t('importSheet.result')}
          </Button>
        ) : null}
        {phase.at === 'done' ? (
          <Button onClick={() => setPhase({ at: 'idle' })}>{t('importSheet.again')}</Button>
        ) : null}
      </Space>
    </Drawer>
  );
}
