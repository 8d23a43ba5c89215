import { lazyScreen } from './lazyScreen';

// The home screen (HOME_SCREEN, the applications list): most visits open on it, so a signed-in boot at its address
// starts loading it and its strings with the frame (main.tsx) instead of after the member's access has been read.
export const homeScreen = lazyScreen(
  () => import('../pages/application/ApplicationList'),
  () => import('../pages/application/locale'),
);
