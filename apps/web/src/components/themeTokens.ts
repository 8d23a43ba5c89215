import { theme as antTheme, type ThemeConfig } from 'antd';
import type { Theme } from '../stores/settings';
import { contrastRatio, darkenForWhite, shade } from '../lib/contrast';

// antd's theme for the member's light/dark choice and brand colour, with the colours that antd's own algorithms
// leave below WCAG 2.2 AA contrast (4.5:1 for text, issue 42) set here, in one place, for every screen: links,
// secondary text (breadcrumbs, descriptions), placeholders, the danger red and, in the dark theme, the selected
// menu item. The preset tags' text shades (green, orange, gold, purple) are set in styles.css: antd's palette tokens
// given here did not reach the tags' styles. The brand colour (#165DFF by default) stays the primary
// colour of buttons and highlights; docs/accessibility.md lists each choice and the ratio it reaches.
const LIGHT = {
  // The default brand blue is 5.2:1 on white; antd's info blue (#1677ff, 4.1:1) was the links' colour. A brand
  // colour chosen in the settings colours the links too when it reaches 4.5:1 on white.
  colorLink: '#165DFF',
  colorLinkHover: '#4080FF',
  colorLinkActive: '#0E42D2',
  // Info (badges, info tags and alerts) in the brand blue too: white on it 5.2:1 (antd's #1677ff: 4.1:1).
  colorInfo: '#165DFF',
  // Black at 60 % (#666 on white 5.7:1, on the page's #f5f5f5 5.3:1) instead of 45 % and 25 %.
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
  // A red that reads at 5.6:1 as text (danger links) on white and under white text (danger buttons), 4.8:1 on its
  // own tinted background (error alerts).
  colorError: '#cf1322',
};

const DARK = {
  // Links lighter than the dark algorithm's #1668dc (3.6:1 on #141414): 6.4:1 on #1f1f1f.
  colorLink: '#6AA1FF',
  colorLinkHover: '#8FB8FF',
  colorLinkActive: '#4080FF',
  colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
  colorTextDescription: 'rgba(255, 255, 255, 0.6)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
  // The seed from which the dark algorithm draws #dc6966: 5.5:1 on #141414 (its #dc4446 from antd's red: 4.3:1).
  colorError: '#ff7875',
};

export function themeConfig(theme: Theme, brand: string, motion: boolean): ThemeConfig {
  const dark = theme === 'dark';
  // A brand colour chosen in the settings too light for the white text of primary buttons (a yellow, a light green)
  // is darkened, keeping its hue, until white on it reaches 4.5:1; it then reaches 4.5:1 as a link on white too.
  const primary = darkenForWhite(brand);
  return {
    algorithm: dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
    token: {
      colorPrimary: primary,
      // A pressed or hovered primary button (the list's view switch, every OK) darker than at rest, not lighter as
      // antd draws it: white on antd's hover blue #4080FF was 3.6:1.
      colorPrimaryHover: shade(primary, 0.12),
      colorPrimaryActive: shade(primary, 0.24),
      motion,
      ...(dark ? DARK : LIGHT),
      ...(!dark && primary.toLowerCase() !== '#165dff' && (contrastRatio(primary, '#ffffff') ?? 0) >= 4.5
        ? { colorLink: primary, colorLinkHover: primary, colorLinkActive: primary }
        : {}),
    },
    components: dark
      ? {
          // The selected item and its group in the dark menu: the link blue (5.4:1 on the selected item's
          // background) instead of the brand colour darkened by the algorithm (2.2:1).
          Menu: { darkItemSelectedColor: '#6AA1FF', itemSelectedColor: '#6AA1FF', subMenuItemSelectedColor: '#6AA1FF' },
          // A filled danger button on that lighter red: dark text (6.2:1), white would be 3.4:1.
          Button: { dangerColor: '#000000' },
          // The selected tab's text (the message box): the link blue, not the darkened brand colour (2.6:1).
          Tabs: { itemSelectedColor: '#6AA1FF', itemActiveColor: '#6AA1FF' },
        }
      : {
          // A finished progress bar's figure in a green that reads on white (5.6:1; antd's #52c41a: 2.3:1).
          Progress: { colorSuccess: '#237804' },
        },
  };
}
