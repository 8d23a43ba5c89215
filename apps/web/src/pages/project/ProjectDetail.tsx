import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Descriptions, Result, Skeleton, Tabs, Typography } from 'antd';
import { useIdParam, useTabTitle } from '../../navigation/useScreen';
import { FormModal } from '../../components/crud/FormModal';
import { useProject, useProjectWrites } from './api';
import { ProjectConstitution } from './ProjectConstitution';
import { ProjectMembers } from './ProjectMembers';
import { projectBody, ProjectFields, projectInitial, type ProjectFormValues } from './ProjectList';
import { RoleTag, StatusTag } from './tags';
import { formatTime } from '../../lib/format';

// Project details: overview, member management (roles and fixed shares) and the constitution.
export default function ProjectDetail() {
  const { t } = useTranslation();
  const id = useIdParam() ?? null;
  const query = useProject(id);
  const writes = useProjectWrites();
  // The version the edit dialog was opened with (null: closed), sent with its save, so a save made meanwhile
  // refuses it (409) rather than being overwritten when the project is read again.
  const [editing, setEditing] = useState<number | null>(null);
  const project = query.data;
  useTabTitle(project?.name);

  if (query.isError || id === null)
    return (
      <Card>
        <Result
          status="warning"
          title={t('project.notFound')}
          extra={id !== null && <Button onClick={() => void query.refetch()}>{t('crud.retry')}</Button>}
        />
      </Card>
    );
  if (!project)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );

  return (
    <Card
      title={
        <span data-testid="project-detail-title">
          {project.name} <StatusTag status={project.status} />
        </span>
      }
      extra={
        project.canEdit && (
          <Button onClick={() => setEditing(project.version)} data-testid="project-edit">
            {t('crud.edit')}
          </Button>
        )
      }
      data-testid="project-detail"
    >
      <Tabs
        items={[
          {
            key: 'overview',
            label: t('project.tab.overview'),
            children: (
              <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
                <Descriptions.Item label={t('project.col.status')}>
                  <StatusTag status={project.status} />
                </Descriptions.Item>
                <Descriptions.Item label={t('project.col.myRole')}>
                  {project.myRole ? <RoleTag role={project.myRole} /> : t('project.notMember')}
                </Descriptions.Item>
                <Descriptions.Item label={t('project.f.dates')}>
                  {project.startDate ?? '…'} – {project.endDate ?? '…'}
                </Descriptions.Item>
                <Descriptions.Item label={t('project.col.shares')}>{project.shareTotal}%</Descriptions.Item>
                <Descriptions.Item label={t('project.col.createdBy')}>
                  {project.createdBy?.name ?? '—'}
                </Descriptions.Item>
                <Descriptions.Item label={t('project.col.createdAt')}>
                  {formatTime(project.createdAt)}
                </Descriptions.Item>
                <Descriptions.Item label={t('project.f.description')} span={2}>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                    {project.description ?? '—'}
                  </Typography.Paragraph>
                </Descriptions.Item>
              </Descriptions>
            ),
          },
          {
            key: 'members',
            label: <span data-testid="project-tab-members">{t('project.tab.members')}</span>,
            children: <ProjectMembers project={project} />,
          },
          {
            key: 'constitution',
            label: <span data-testid="project-tab-constitution">{t('project.tab.constitution')}</span>,
            children: <ProjectConstitution project={project} />,
          },
        ]}
      />
      <FormModal<ProjectFormValues>
        open={editing !== null}
        record={project.id}
        title={t('project.editTitle')}
        initialValues={projectInitial(project)}
        inlineCodes={[]}
        onClose={() => setEditing(null)}
        onSubmit={(v) =>
          writes.update.mutateAsync({ ...projectBody(v), id: project.id, version: editing ?? project.version })
        }
        testId="project-form"
      >
        <ProjectFields />
      </FormModal>
    </Card>
  );
}
