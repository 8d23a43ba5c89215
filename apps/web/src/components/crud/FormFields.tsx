import type { TFunction } from 'i18next';
import { Children, isValidElement, type ReactNode } from 'react';
import { Col, Form, Input, InputNumber, Row, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColorField } from './ColorField';
import { StatusSelect } from './StatusSelect';
import { requiredRule } from '../form/rules';
import { TextItem } from '../form/TextItem';
import type { AppResources } from '../../locales/types';
import type { GroupAt, NameStrings } from './strings';

// Form fields side by side: equal columns, or the spans (of 24) given. A field left out (false, null) takes no
// column.
export function FieldRow({ children, spans, gutter = 16 }: { children: ReactNode; spans?: number[]; gutter?: number }) {
  const fields = Children.toArray(children);
  return (
    <Row gutter={gutter}>
      {fields.map((field, i) => (
        <Col key={isValidElement(field) ? field.key : i} span={spans?.[i] ?? 24 / fields.length}>
          {field}
        </Col>
      ))}
    </Row>
  );
}

// A value that must be given: a picked option or a number (antd checks a whitespace rule as text, so these have
// none).
export const requiredValue = (t: TFunction, field: string): FormRule => ({
  required: true,
  message: t('crud.required', { field }),
});
// A required text field: blank or only spaces is refused with the field's name.
export const requiredText = (t: TFunction, field: string): FormRule => requiredRule(t('crud.required', { field }));

// The kit's text field (components/form/TextItem with the kit's messages): required unless told (blank or only
// spaces is then refused with its name), at most `max` characters when given; with `rows` a text area that counts
// what is typed against `max`; `hint` under it.
export function TextField({
  name,
  label,
  max,
  testId,
  autoComplete,
  rows,
  hint,
  required = true,
}: {
  name: string;
  label: string;
  max?: number;
  testId?: string;
  autoComplete?: string;
  rows?: number;
  hint?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const rules = [...(required ? [requiredText(t, label)] : []), ...(max ? [{ max }] : [])];
  return rows ? (
    <Form.Item name={name} label={label} extra={hint} rules={rules}>
      <Input.TextArea rows={rows} maxLength={max} showCount={!!max} data-testid={testId} />
    </Form.Item>
  ) : (
    <TextItem name={name} label={label} extra={hint} rules={rules} max={max} testId={testId} input={{ autoComplete }} />
  );
}

// The name, label and test id of a form's fields named alike: the label is the string `<group>.<name>`, the test
// id `<ids><name>` (spread onto TextField).
export const fieldNames =
  <G extends string>(t: TFunction, group: G, ids: string) =>
  (name: keyof GroupAt<AppResources, G> & string) => ({
    name,
    label: t(`${group}.${name}` as never) as string,
    testId: `${ids}${name}`,
  });

// A name in the portal's three languages, each required: fields nameTw, nameCn and nameEn, labelled by the string
// keys `${strings}.nameTw` (and so on); test ids `${testId}-nameTw` and so on.
export function NameFields({ strings, max, testId }: { strings: NameStrings; max: number; testId: string }) {
  const { t } = useTranslation();
  return (['nameTw', 'nameCn', 'nameEn'] as const).map((name) => (
    <TextField key={name} name={name} label={t(`${strings}.${name}` as never)} max={max} testId={`${testId}-${name}`} />
  ));
}

// Config keys and dictionary types: letters, digits, _ . : -
const KEY_PATTERN = /^[A-Za-z0-9_.:-]+$/;

// A required key-like field (config key, dictionary type).
export function KeyField({ name, label, max }: { name: string; label: string; max: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[requiredText(t, label), { pattern: KEY_PATTERN, message: t('crud.keyFormat') }, { max }]}
    >
      <Input maxLength={max} />
    </Form.Item>
  );
}

export function SortField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="sort" label={t('crud.sort')} tooltip={t('crud.sortHint')}>
      <InputNumber precision={0} min={-100000} max={100000} style={{ width: '100%' }} />
    </Form.Item>
  );
}

export function DescriptionField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="description" label={t('crud.description')} rules={[{ max: 500 }]}>
      <Input.TextArea rows={2} maxLength={500} />
    </Form.Item>
  );
}

// The record's status: enabled when left empty.
export function StatusField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="status" label={t('crud.status')}>
      <StatusSelect placeholder={t('crud.enabled')} />
    </Form.Item>
  );
}

// Status beside the colour, whose badge preview shows `previewText`.
export function StatusColorRow({ previewText }: { previewText?: string }) {
  const { t } = useTranslation();
  return (
    <FieldRow gutter={12} spans={[8, 16]}>
      <StatusField />
      <Form.Item name="color" label={t('crud.color')}>
        <ColorField previewText={previewText} />
      </Form.Item>
    </FieldRow>
  );
}

export type EntryLabels = { value: string; label: string; label2: string };

type EntryFieldsProps = {
  // Field names of the screen (key, Chinese name, English name).
  labels: EntryLabels;
  // Extra check of the key or Chinese name against other rows of the same type, re-run when the type changes.
  uniqueRule?: (field: 'value' | 'label') => FormRule;
};

// Key + sort, Chinese + English name, description, status + colour of a dictionary-shaped row.
export function EntryFields({ labels, uniqueRule }: EntryFieldsProps) {
  const { t } = useTranslation();
  const previewLabel = Form.useWatch<string | undefined>('label', Form.useFormInstance());
  const live = uniqueRule ? { dependencies: ['type'], validateDebounce: 300 } : {};
  const named = (field: 'value' | 'label') => (
    <Form.Item
      name={field}
      label={labels[field]}
      {...live}
      rules={[requiredText(t, labels[field]), { max: 100 }, ...(uniqueRule ? [uniqueRule(field)] : [])]}
    >
      <Input maxLength={100} />
    </Form.Item>
  );
  return (
    <>
      <FieldRow gutter={12}>
        {named('value')}
        <SortField />
      </FieldRow>
      <FieldRow gutter={12}>
        {named('label')}
        <Form.Item name="label2" label={labels.label2} rules={[{ max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
      </FieldRow>
      <DescriptionField />
      <StatusColorRow previewText={previewLabel} />
    </>
  );
}
