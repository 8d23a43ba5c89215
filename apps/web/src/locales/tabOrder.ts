import type { LocaleBundle } from './types';

// Strings of the frame's tab reordering, loaded with its drag code (app/layout/SortableTabs.tsx), not with the first
// screen.
export const tabOrder = {
  'zh-TW': {
    tabOrder: {
      moveLeft: '向左移',
      moveRight: '向右移',
      instructions: '以滑鼠拖曳可調整分頁順序；或用右鍵選單的「向左移」、「向右移」；鍵盤請按 Alt+Shift+←／→。',
      picked: '已拿起分頁「{{title}}」',
      over: '分頁「{{title}}」移到「{{over}}」的位置',
      dropped: '分頁「{{title}}」已放到「{{over}}」的位置',
      droppedBack: '分頁「{{title}}」已放回原位',
      cancelled: '已取消移動分頁「{{title}}」',
    },
  },
  'zh-CN': {
    tabOrder: {
      moveLeft: '向左移',
      moveRight: '向右移',
      instructions: '用鼠标拖动可调整标签页顺序；或用右键菜单的“向左移”、“向右移”；键盘请按 Alt+Shift+←／→。',
      picked: '已拿起标签页“{{title}}”',
      over: '标签页“{{title}}”移到“{{over}}”的位置',
      dropped: '标签页“{{title}}”已放到“{{over}}”的位置',
      droppedBack: '标签页“{{title}}”已放回原位',
      cancelled: '已取消移动标签页“{{title}}”',
    },
  },
  'en-US': {
    tabOrder: {
      moveLeft: 'Move left',
      moveRight: 'Move right',
      instructions:
        'Drag with a pointer to reorder the tabs, or choose Move left or Move right in the context menu; with the keyboard, press Alt+Shift+Left or Right arrow.',
      picked: 'Picked up the tab {{title}}',
      over: 'The tab {{title}} is over the place of {{over}}',
      dropped: 'The tab {{title}} was dropped at the place of {{over}}',
      droppedBack: 'The tab {{title}} was dropped back in its place',
      cancelled: 'Moving the tab {{title}} was cancelled',
    },
  },
} satisfies LocaleBundle;
