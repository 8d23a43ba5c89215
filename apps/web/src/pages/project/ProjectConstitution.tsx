import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Empty, Input, List, Skeleton, Space, Typography } from 'antd';
import { CONSTITUTION_MAX, type ProjectView } from '@study-crm/shared';
import { ApiError } from '../../api/client';
import { useConfirm } from '../../components/form/useConfirm';
import { useConstitution, useConstitutionHistory, useProjectWrites } from './api';
import { formatTime } from '../../lib/format';
import { toast } from '../../lib/feedback';

// The project's constitution: plain text (shown escaped, line breaks kept), every save a new revision; past
// revisions can be read. Saving from an outdated revision is refused (409), so two editors never overwrite.
export function ProjectConstitution({ project }: { project: ProjectView }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [revision, setRevision] = useState<number | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  // The revision the draft started from: the save's base, so a revision saved meanwhile refuses it (409) rather
  // than being overwritten when the shown revision is read again.
  const [base, setBase] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const shown = useConstitution(project.id, revision);
  const history = useConstitutionHistory(project.id, page);
  const save = useProjectWrites().saveConstitution;
  const doc = shown.data;

  const submit = () =>
    confirm(t('project.constitutionSaveConfirm'), async () => {
      setError(null);
      try {
        await save.mutateAsync({ projectId: project.id, content: draft ?? '', baseRevision: base });
        toast.success(t('crud.saved'));
        setDraft(null);
        setRevision(null);
      } catch (err) {
        if (err instanceof ApiError) setError(err.message);
      }
    });

  return (
    <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
      <div style={{ flex: '1 1 480px', minWidth: 0 }}>
        {shown.isLoading || !doc ? (
          <Skeleton active />
        ) : draft !== null ? (
          <>
            {error && (
              <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="form-error" />
            )}
            <Input.TextArea
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              rows={14}
              maxLength={CONSTITUTION_MAX}
              showCount
              data-testid="constitution-editor"
            />
            <Space style={{ marginTop: 12 }}>
              <Button type="primary" loading={save.isPending} onClick={submit} data-testid="constitution-save">
                {t('common.save')}
              </Button>
              <Button onClick={() => setDraft(null)}>{t('common.cancel')}</Button>
            </Space>
          </>
        ) : (
          <>
            <Space style={{ marginBottom: 12 }} wrap>
              <Typography.Text type="secondary" data-testid="constitution-revision">
                {doc.revision
                  ? t('project.revisionBy', {
                      revision: doc.revision,
                      name: doc.createdBy?.name ?? '—',
                      at: formatTime(doc.createdAt),
                    })
                  : t('project.noConstitution')}
              </Typography.Text>
              {revision !== null && (
                <Button size="small" onClick={() => setRevision(null)}>
                  {t('project.backToLatest')}
                </Button>
              )}
              {project.canManage && revision === null && (
                <Button
                  size="small"
                  type="primary"
                  onClick={() => {
                    setBase(doc.revision);
                    setDraft(doc.content);
                  }}
                  data-testid="constitution-edit"
                >
                  {t('crud.edit')}
                </Button>
              )}
            </Space>
            {doc.content ? (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="constitution-content">
                {doc.content}
              </Typography.Paragraph>
            ) : (
              <Empty description={t('project.noConstitution')} />
            )}
          </>
        )}
      </div>
      <div style={{ flex: '0 1 300px' }}>
        <Typography.Title level={5}>{t('project.history')}</Typography.Title>
        <List
          size="small"
          loading={history.isFetching}
          dataSource={history.data?.list ?? []}
          locale={{ emptyText: t('project.noHistory') }}
          pagination={
            (history.data?.total ?? 0) > 10
              ? { current: page, pageSize: 10, total: history.data?.total ?? 0, onChange: setPage, size: 'small' }
              : false
          }
          data-testid="constitution-history"
          renderItem={(r) => (
            <List.Item
              actions={[
                <Button key="open" type="link" size="small" onClick={() => setRevision(r.revision)}>
                  {t('project.open')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={t('project.revision', { revision: r.revision })}
                description={`${r.createdBy?.name ?? '—'} · ${formatTime(r.createdAt)} · ${t('project.chars', { n: r.length })}`}
              />
            </List.Item>
          )}
        />
      </div>
    </div>
  );
}
