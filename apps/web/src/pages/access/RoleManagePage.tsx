import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Card, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PERM, ROLE_KINDS, type Role, type RoleKind } from '@study-crm/shared';
import { Permission } from '../../components/Permission';
import { useRemoveRole, useRoles, type RoleFilter } from './api';
import { RoleFormDrawer } from './RoleFormDrawer';
import { RoleMembersModal } from './RoleMembersModal';

type Search = { keyword?: string; kind?: RoleKind };

export default function RoleManagePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [search] = Form.useForm<Search>();
  const [filter, setFilter] = useState<RoleFilter>({ pageNum: 1, pageSize: 10 });
  // The drawer keeps its role id while it closes, so its title does not flicker.
  const [drawer, setDrawer] = useState<{ open: boolean; id?: number }>({ open: false });
  const [membersOf, setMembersOf] = useState<Role | null>(null);
  const roles = useRoles(filter);
  const remove = useRemoveRole();

  const applySearch = (v: Search) =>
    setFilter({
      pageNum: 1,
      pageSize: filter.pageSize,
      ...(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}),
      ...(v.kind ? { kind: v.kind } : {}),
    });

  const doRemove = async (role: Role) => {
    try {
      await remove.mutateAsync(role.id);
    } catch {
      return;
    }
    void message.success(t('access.removed'));
  };

  return (
    <Card title={t('access.role.title')} data-testid="role-manage">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Form form={search} layout="inline" onFinish={applySearch}>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('access.role.keyword')} style={{ width: 220 }} data-testid="role-search" />
          </Form.Item>
          <Form.Item name="kind">
            <Select
              allowClear
              placeholder={t('access.role.allKinds')}
              style={{ width: 180 }}
              options={ROLE_KINDS.map((k) => ({ value: k, label: t(`access.role.kinds.${k}`) }))}
              data-testid="role-kind-filter"
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="role-search-submit">
                {t('access.search')}
              </Button>
              <Button
                onClick={() => {
                  search.resetFields();
                  applySearch({});
                }}
              >
                {t('access.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
        <Permission perm={PERM.roleAdd}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDrawer({ open: true })}
            data-testid="role-add"
          >
            {t('access.role.add')}
          </Button>
        </Permission>
      </Space>
      <Table<Role>
        rowKey="id"
        loading={roles.isFetching}
        dataSource={roles.data?.list ?? []}
        data-testid="role-table"
        scroll={{ x: 900 }}
        pagination={{
          current: filter.pageNum,
          pageSize: filter.pageSize,
          total: roles.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageNum, pageSize) => setFilter({ ...filter, pageNum, pageSize }),
        }}
        columns={[
          {
            title: t('access.role.name'),
            dataIndex: 'name',
            render: (name: string, r) => (
              <Space>
                <span data-testid={`role-name-${r.id}`}>{name}</span>
                {r.isBuiltin ? <Tag color="gold">{t('access.role.builtin')}</Tag> : null}
              </Space>
            ),
          },
          { title: t('access.role.cnName'), dataIndex: 'cnName' },
          { title: t('access.role.kind'), dataIndex: 'kind', render: (k: RoleKind) => t(`access.role.kinds.${k}`) },
          { title: t('access.role.memberCount'), dataIndex: 'memberCount', width: 100 },
          {
            title: t('access.actions'),
            key: 'actions',
            width: 240,
            render: (_, r) => (
              <Space size={0} wrap>
                <Permission perm={PERM.roleUpdate}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setDrawer({ open: true, id: r.id })}
                    data-testid={`role-edit-${r.name}`}
                  >
                    {t('access.role.edit')}
                  </Button>
                </Permission>
                <Permission perm={PERM.roleMembers}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setMembersOf(r)}
                    data-testid={`role-members-${r.name}`}
                  >
                    {t('access.role.members')}
                  </Button>
                </Permission>
                <Permission perm={PERM.roleRemove}>
                  <Popconfirm
                    title={t('access.role.removeConfirm', { name: r.name })}
                    okText={t('common.confirm')}
                    cancelText={t('common.cancel')}
                    onConfirm={() => doRemove(r)}
                    disabled={r.isBuiltin === 1}
                  >
                    <Button
                      type="link"
                      size="small"
                      danger
                      disabled={r.isBuiltin === 1}
                      data-testid={`role-remove-${r.name}`}
                    >
                      {t('access.role.remove')}
                    </Button>
                  </Popconfirm>
                </Permission>
              </Space>
            ),
          },
        ]}
      />
      <RoleFormDrawer open={drawer.open} roleId={drawer.id} onClose={() => setDrawer((d) => ({ ...d, open: false }))} />
      <RoleMembersModal role={membersOf} onClose={() => setMembersOf(null)} />
    </Card>
  );
}
