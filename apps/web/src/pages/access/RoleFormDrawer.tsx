import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Drawer, Form, Space, Spin } from 'antd';
import { EnumSelect } from '../../components/crud/EnumSelect';
import { ROLE_KINDS, type RoleKind } from '@study-crm/shared';
import { isRoleNameFree, usePermissionTree, useRoleView, useSaveRole, type RoleValues } from './api';
import { PermissionTree } from './PermissionTree';
import { useConfirm } from '../../components/form/useConfirm';
import { TextItem } from '../../components/form/TextItem';
import { requiredRule, requiredValueRule } from '../../components/form/rules';
import { toast } from '../../lib/feedback';
import { TimelineButton } from '../../components/audit/RecordTimeline';

type Props = { open: boolean; roleId?: number; onClose: () => void };

const NAME_PATTERN = /^ROLE_[A-Za-z0-9_]+$/;

export function RoleFormDrawer({ open, roleId, onClose }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [form] = Form.useForm<RoleValues>();
  const view = useRoleView(open ? roleId : undefined);
  const tree = usePermissionTree(open);
  const save = useSaveRole();
  const editing = Boolean(roleId);

  useEffect(() => {
    if (!open) return;
    if (!editing)
      form.setFieldsValue({ name: 'ROLE_', cnName: '', enName: '', kind: 'general' as RoleKind, permissionIds: [] });
    else if (view.data) {
      const { name, cnName, enName, kind, permissionIds } = view.data;
      form.setFieldsValue({ name, cnName, enName: enName ?? '', kind, permissionIds });
    }
  }, [open, editing, view.data, form]);

  const submit = (values: RoleValues) =>
    confirm(t('access.role.saveConfirm'), async () => {
      try {
        await save.mutateAsync({ ...values, ...(roleId ? { id: roleId } : {}) });
      } catch {
        return; // the client already showed the server's message
      }
      toast.success(t('access.saved'));
      onClose();
    });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      title={editing ? t('access.role.editTitle', { name: view.data?.name ?? '' }) : t('access.role.addTitle')}
      extra={
        <Space>
          {roleId && <TimelineButton recordType="role" recordId={roleId} />}
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="role-form-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {editing && view.isLoading ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} data-testid="role-form">
          <TextItem
            name="name"
            label={t('access.role.name')}
            validateTrigger={['onBlur']}
            validateDebounce={300}
            hasFeedback
            rules={[
              requiredRule(t('access.role.nameRequired')),
              { pattern: NAME_PATTERN, message: t('access.role.namePattern') },
              {
                validator: async (_rule, value: string) => {
                  if (!value || !NAME_PATTERN.test(value)) return;
                  if (!(await isRoleNameFree(value.trim(), roleId))) throw new Error(t('access.role.nameExists'));
                },
              },
            ]}
            max={64}
            testId="role-form-name"
            input={{ autoComplete: 'off', disabled: view.data?.isBuiltin === 1 }}
          />
          <TextItem
            name="cnName"
            label={t('access.role.cnName')}
            rules={[requiredRule(t('access.role.cnNameRequired'))]}
            max={64}
            testId="role-form-cnName"
          />
          <TextItem name="enName" label={t('access.role.enName')} max={64} testId="role-form-enName" />
          <Form.Item
            name="kind"
            label={t('access.role.kind')}
            rules={[requiredValueRule(t('access.role.kindRequired'))]}
          >
            <EnumSelect values={ROLE_KINDS} labels="access.role.kinds" testId="role-form-kind" />
          </Form.Item>
          <Form.Item
            name="permissionIds"
            label={t('access.role.permissions')}
            rules={[{ required: true, type: 'array', min: 1, message: t('access.role.permissionsRequired') }]}
          >
            <PermissionTree tree={tree.data} loading={tree.isLoading} />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
