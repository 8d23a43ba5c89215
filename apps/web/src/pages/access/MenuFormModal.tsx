import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoComplete, Form, InputNumber, Modal, Radio, Switch, TreeSelect } from 'antd';
import { COMPONENT_KEYS, type MenuItem } from '@study-crm/shared';
import { useSaveMenu, type MenuValues } from './api';
import { menuLabel } from './labels';
import { useConfirm } from '../../components/form/useConfirm';
import { requiredRule, requiredValueRule } from '../../components/form/rules';
import { TextItem } from '../../components/form/TextItem';
import { toast } from '../../lib/feedback';

// What the modal edits: an existing item, or a new one under a parent (0 = root).
export type MenuTarget = { item?: MenuItem; parentId: number };

type Props = { target: MenuTarget | null; tree: MenuItem[]; onClose: () => void };
type FormValues = Omit<MenuValues, 'isShow'> & { isShow: boolean };
type ParentNode = { value: number; title: string; children: ParentNode[] };

export function MenuFormModal({ target, tree, onClose }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveMenu();
  const type = Form.useWatch('type', form);
  const editing = target?.item;

  // Parents: the root and every menu (never a button, never the item itself or its subtree).
  const parents = useMemo(() => {
    const toNode = (i: MenuItem): ParentNode | null =>
      i.type !== 'menu' || i.id === editing?.id
        ? null
        : {
            value: i.id,
            title: menuLabel(t, i),
            children: i.children.map(toNode).filter((n): n is ParentNode => n !== null),
          };
    return [
      {
        value: 0,
        title: t('access.menu.root'),
        children: tree.map(toNode).filter((n): n is ParentNode => n !== null),
      },
    ];
  }, [tree, editing, t]);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    const i = target.item;
    form.setFieldsValue(
      i
        ? {
            parentId: i.parentId,
            name: i.name,
            title: i.title,
            type: i.type,
            perm: i.perm,
            component: i.component,
            url: i.url,
            icon: i.icon,
            sort: i.sort,
            isShow: i.isShow === 1,
          }
        : { parentId: target.parentId, type: 'menu', sort: 1, isShow: true },
    );
  }, [target, form]);

  const submit = (v: FormValues) =>
    confirm(t('access.menu.saveConfirm'), async () => {
      try {
        await save.mutateAsync({ ...v, isShow: v.isShow ? 1 : 0, ...(editing ? { id: editing.id } : {}) });
      } catch {
        return;
      }
      toast.success(t('access.saved'));
      onClose();
    });

  const required = requiredRule(t('access.menu.required'));
  const picked = requiredValueRule(t('access.menu.required'));
  const isMenu = type !== 'button';
  return (
    <Modal
      open={Boolean(target)}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending, ...{ 'data-testid': 'menu-form-save' } }}
      title={editing ? t('access.menu.editTitle', { name: menuLabel(t, editing) }) : t('access.menu.addTitle')}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} onFinish={submit} data-testid="menu-form">
        <Form.Item name="parentId" label={t('access.menu.parent')} rules={[picked]}>
          <TreeSelect treeData={parents} treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} />
        </Form.Item>
        <Form.Item name="type" label={t('access.menu.type')} rules={[picked]}>
          <Radio.Group
            options={[
              { value: 'menu', label: t('access.menu.typeMenu') },
              { value: 'button', label: t('access.menu.typeButton') },
            ]}
          />
        </Form.Item>
        <TextItem
          name="name"
          label={t('access.menu.name')}
          rules={[required, { pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: t('access.menu.nameFormat') }]}
          max={64}
          testId="menu-form-name"
        />
        <TextItem name="title" label={t('access.menu.titleField')} max={64} testId="menu-form-title" />
        <TextItem
          name="perm"
          label={t('access.menu.perm')}
          rules={[required, { pattern: /^[A-Za-z0-9:_.*-]+$/, message: t('access.menu.permFormat') }]}
          max={100}
          testId="menu-form-perm"
        />
        <Form.Item
          name="component"
          label={t('access.menu.component')}
          rules={isMenu ? [required] : []}
          extra={isMenu ? undefined : t('access.menu.buttonHint')}
        >
          <AutoComplete
            options={COMPONENT_KEYS.map((k) => ({ value: k }))}
            showSearch={{
              filterOption: (input, o) =>
                String(o?.value ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase()),
            }}
            disabled={!isMenu}
          />
        </Form.Item>
        <TextItem
          name="url"
          label={t('access.menu.url')}
          rules={isMenu ? [required] : []}
          max={200}
          testId="menu-form-url"
          input={{ disabled: !isMenu }}
        />
        <TextItem name="icon" label={t('access.menu.icon')} max={64} />
        <Form.Item name="sort" label={t('access.menu.sort')} rules={[picked]}>
          <InputNumber precision={0} style={{ width: 160 }} data-testid="menu-form-sort" />
        </Form.Item>
        <Form.Item name="isShow" label={t('access.menu.isShow')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
