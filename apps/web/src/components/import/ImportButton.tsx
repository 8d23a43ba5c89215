import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportKind } from '@study-crm/shared';
import { Permission } from '../Permission';
import { lazyPart } from '../lazyPart';
import { registerBundle } from '../../i18n';
import type { ImportDrawerProps } from './ImportDrawer';

// The drawer and its strings load on first use: no list screen carries them.
const ImportDrawer = lazyPart<ImportDrawerProps>(() =>
  Promise.all([import('./ImportDrawer'), import('./locale')]).then(([drawer, strings]) => {
    registerBundle(strings.importSheet);
    return drawer;
  }),
);

// The Import button of a list screen's toolbar, for members holding the list's add permission; the list is read
// again after an import.
export function ImportButton({ kind, perm, queryRoot }: { kind: ImportKind; perm: string; queryRoot: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <Permission perm={perm}>
      <Button
        icon={<ImportOutlined />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        onMouseEnter={ImportDrawer.preload}
        data-testid={`${kind}-import`}
      >
        {t('crud.import')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <ImportDrawer
            kind={kind}
            open={open}
            onClose={() => setOpen(false)}
            onImported={() => void queryClient.invalidateQueries({ queryKey: [queryRoot] })}
          />
        </Suspense>
      ) : null}
    </Permission>
  );
}
