import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, InputNumber, Progress, Space, Typography } from 'antd';
import { EnumSelect } from '../../components/crud/EnumSelect';
import { DataTable } from '../../components/crud/DataTable';
import { PlusOutlined } from '@ant-design/icons';
import { PROJECT_ROLES, type ProjectMember, type ProjectRole, type ProjectView } from '@study-crm/shared';
import { FormModal } from '../../components/crud/FormModal';
import { RowActions } from '../../components/crud/RowActions';
import { MEMBER_FORM_CODES, useProjectWrites } from './api';
import { StaffSelect } from './StaffSelect';
import { RoleTag } from './tags';

type Values = { staffId: number; projectRole: ProjectRole; share: number };

// Member management: each member's role in the project and fixed share; the shares of a project total 100 % at
// most (the server refuses more with code 1202, shown inside the form in the member's language).
export function ProjectMembers({ project }: { project: ProjectView }) {
  const { t } = useTranslation();
  const writes = useProjectWrites();
  const [editing, setEditing] = useState<ProjectMember | 'new' | null>(null);
  const row = editing && editing !== 'new' ? editing : null;
  const free = Math.max(0, Math.round((100 - project.shareTotal + (row?.share ?? 0)) * 100) / 100);

  const save = (v: Values) =>
    row
      ? writes.updateMember.mutateAsync({ id: row.id, projectRole: v.projectRole, share: v.share })
      : writes.addMember.mutateAsync({
          projectId: project.id,
          staffId: v.staffId,
          projectRole: v.projectRole,
          share: v.share,
        });

  return (
    <>
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }} wrap>
        <Space>
          <Typography.Text>{t('project.shareTotal')}</Typography.Text>
          <Progress
            percent={project.shareTotal}
            aria-label={t('project.shareTotal')}
            style={{ width: 220, marginBottom: 0 }}
            format={() => `${project.shareTotal}% / 100%`}
            data-testid="project-share-total"
          />
        </Space>
        {project.canManage && (
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="project-member-add">
            {t('project.addMember')}
          </Button>
        )}
      </Space>
      <DataTable<ProjectMember>
        rowKey="id"
        loading={false}
        empty={t('crud.empty')}
        rows={project.members}
        testId="project-members"
        columns={[
          { title: t('project.col.member'), dataIndex: 'name' },
          {
            title: t('project.col.role'),
            dataIndex: 'projectRole',
            width: 140,
            render: (r: ProjectRole) => <RoleTag role={r} />,
          },
          { title: t('project.col.share'), dataIndex: 'share', width: 120, render: (v: number) => `${v}%` },
          {
            title: t('crud.actions'),
            key: 'actions',
            width: 150,
            render: (_: unknown, m) =>
              project.canManage && (
                <RowActions
                  name={m.name}
                  onEdit={() => setEditing(m)}
                  onRemove={() => writes.removeMember.mutateAsync({ id: m.id })}
                  testId="project-member"
                />
              ),
          },
        ]}
      />
      <FormModal<Values>
        open={editing !== null}
        record={row ? row.id : 'new'}
        title={row ? t('project.editMember', { name: row.name }) : t('project.addMember')}
        initialValues={row ? { projectRole: row.projectRole, share: row.share } : { projectRole: 'member', share: 0 }}
        inlineCodes={MEMBER_FORM_CODES}
        onClose={() => setEditing(null)}
        onSubmit={save}
        testId="project-member-form"
      >
        {!row && (
          <Form.Item
            name="staffId"
            label={t('project.col.member')}
            rules={[{ required: true, message: t('crud.requiredSelect', { field: t('project.col.member') }) }]}
          >
            <StaffSelect testId="project-f-staff" />
          </Form.Item>
        )}
        <Form.Item name="projectRole" label={t('project.col.role')}>
          <EnumSelect values={PROJECT_ROLES} labels="project.role" testId="project-f-role" />
        </Form.Item>
        <Form.Item
          name="share"
          label={t('project.col.share')}
          extra={t('project.shareHint', { free })}
          rules={[{ required: true, message: t('crud.required', { field: t('project.col.share') }) }]}
        >
          <InputNumber
            min={0}
            max={100}
            precision={2}
            step={5}
            suffix="%"
            style={{ width: 180 }}
            data-testid="project-f-share"
          />
        </Form.Item>
      </FormModal>
    </>
  );
}
