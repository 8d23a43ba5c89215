import { useEffect } from 'react';
import { useSettings } from '../stores/settings';

// Spec section 4: the theme sets a body class and attribute; colour-weak is an 80% invert filter. Used by the
// portal and by the login page, which is drawn before (and without) the portal's providers.
export function useBodyTheme(): void {
  const theme = useSettings((s) => s.theme);
  const colorWeak = useSettings((s) => s.colorWeak);
  useEffect(() => {
    document.body.classList.toggle('dark', theme === 'dark');
    document.body.classList.toggle('light', theme === 'light');
    document.body.setAttribute('arco-theme', theme);
    document.body.dataset.theme = theme;
    document.documentElement.style.filter = colorWeak ? 'invert(80%)' : '';
    // The mode's stronger text shades where they are not antd's tokens (styles.css, login.css, layout.css).
    document.body.classList.toggle('colour-weak', colorWeak);
  }, [theme, colorWeak]);
}
