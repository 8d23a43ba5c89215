import type { TFunction } from 'i18next';
import type { MenuItem } from '@study-crm/shared';

// A menu item's label: the locale string menu.<name> when there is one, else the stored title.
// Always rendered as React text, so a title holding markup stays text.
export function menuLabel(t: TFunction, item: Pick<MenuItem, 'name' | 'title'>): string {
  return t(`menu.${item.name}`, { defaultValue: item.title || item.name });
}
