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
  // Hovered and pressed darker, not lighter as antd draws them: antd's #4080FF under the mouse was 3.5:1 on a
  // hovered row's #fafafa (a row's "View" after its dialog closed).
  colorLinkHover: '#0E42D2',
  colorLinkActive: '#0A3196',
  // Info (badges, info tags and alerts) in the brand blue too: white on it 5.2:1 (antd's #1677ff: 4.1:1).
  colorInfo: '#165DFF',
  // Black at 60 % (#666 on white 5.7:1, on the page's #f5f5f5 5.3:1) instead of 45 % and 25 %.
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
  // A red that reads at 5.6:1 as text (danger links) on white and under white text (danger buttons), 4.8:1 on its
  // own tinted background (error alerts).
  colorError: '#cf1322',
  // Hovered and pressed darker, as the links: antd's lighter #db373f under the mouse was 4.3:1 on a hovered row's
  // #fafafa (a row's "Delete" while its Popconfirm is open); #a8071a is 7.4:1 there, 6.1:1 as the colour-weak mode
  // draws it.
  colorErrorHover: '#a8071a',
  colorErrorActive: '#820014',
  colorErrorTextHover: '#a8071a',
  colorErrorTextActive: '#820014',
  // Status text (a warning or success line, the text of a status tag, styles.css): antd's #faad14 and #52c41a were
  // 1.9:1 and 2.3:1 on white; the shades of the gold and green tags.
  colorWarningText: '#874d00',
  colorSuccessText: '#237804',
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
  // Pressed: a little darker than at rest, where the algorithm's #ad5553 was 3.3:1 as a danger link's text on a
  // card or a hovered row (#1f1f1f); 4.7:1 there, 6.0:1 under a filled danger button's black text.
  colorErrorActive: '#d86562',
  colorErrorTextActive: '#d86562',
  // A processing status's text (a visa step in progress, an SMS sending) in the link blue: antd's #1668dc was 3.4:1
  // on its tag's #111a2c.
  colorInfoText: '#6AA1FF',
};

// The colour-weak mode draws the page through an 80 % invert filter (lib/contrast.ts, colourWeak), which shrinks
// every contrast: the text reaches 4.5:1 as drawn only at stronger shades, set here once for every screen. Light:
// secondary text, placeholders and labels at 78 % black (5:1 as drawn on #f5f5f5), links and the selected menu item
// and tab in a deep blue, a darker green. Dark: all text at 92 % white (4.9:1 as drawn on the #303030 of a selected
// option; the grey of secondary text would be drawn at 2.8:1), links, the danger red and the success green nearly
// white, the selected menu item and tab a pale blue. The preset tags' text takes the text colour (styles.css).
const LIGHT_WEAK = {
  colorTextSecondary: 'rgba(0, 0, 0, 0.78)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.78)',
  colorTextDescription: 'rgba(0, 0, 0, 0.78)',
  colorTextLabel: 'rgba(0, 0, 0, 0.78)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.78)',
  colorLink: '#0E42D2',
  colorLinkHover: '#0E42D2',
  colorLinkActive: '#0A3196',
  colorSuccess: '#135200',
  colorSuccessText: '#135200',
  // The tint of a success tag and alert: antd would derive #899183 from that green, on which text is drawn at 2.5:1.
  colorSuccessBg: '#f6ffed',
  colorInfoText: '#0E42D2',
  colorWarningText: '#613400',
};
const DARK_WEAK = {
  colorText: 'rgba(255, 255, 255, 0.92)',
  colorTextSecondary: 'rgba(255, 255, 255, 0.92)',
  colorTextTertiary: 'rgba(255, 255, 255, 0.92)',
  colorTextDescription: 'rgba(255, 255, 255, 0.92)',
  colorTextLabel: 'rgba(255, 255, 255, 0.92)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.92)',
  // Seeds: the dark algorithm draws them at 85 % over the background (#FAFCFF → #d8dadc, 4.5:1 as drawn on a card's
  // #1f1f1f); little hue is left, the price of the filter on a dark page.
  colorLink: '#FAFCFF',
  colorLinkHover: '#FAFCFF',
  colorLinkActive: '#FAFCFF',
  colorError: '#FFFAFA',
  // Pressed as at rest (the seed as the algorithm draws it): the ordinary theme's pressed red would be 1.9:1 as drawn.
  colorErrorActive: '#dcd8d8',
  colorErrorTextActive: '#dcd8d8',
  colorSuccess: '#FCFFF9',
  colorInfoText: '#E0EBFF',
  colorWarningText: '#FFF1D6',
};
const LIGHT_WEAK_SELECTED = '#0E42D2';
const DARK_WEAK_SELECTED = '#E0EBFF';

export function themeConfig(theme: Theme, brand: string, motion: boolean, colorWeak = false): ThemeConfig {
  const dark = theme === 'dark';
  // A brand colour chosen in the settings too light for the white text of primary buttons (a yellow, a light green)
  // is darkened, keeping its hue, until white on it reaches 4.5:1; it then reaches 4.5:1 as a link on white too.
  const primary = darkenForWhite(brand, 4.5, colorWeak);
  return {
    algorithm: dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
    // antd's component styles come from its prebuilt style sheet (./antd.css), not generated while components render
    // (decision 307): the theme reaches them through the CSS variables antd still writes for these tokens.
    zeroRuntime: true,
    hashed: false,
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
      ...(colorWeak ? (dark ? DARK_WEAK : LIGHT_WEAK) : {}),
    },
    components: weakComponents(dark, colorWeak) ?? normalComponents(dark),
  };
}

// The selected menu item and tab in the colour-weak mode's link colour.
function weakComponents(dark: boolean, colorWeak: boolean): ThemeConfig['components'] | undefined {
  if (!colorWeak) return undefined;
  const selected = dark ? DARK_WEAK_SELECTED : LIGHT_WEAK_SELECTED;
  return {
    ...normalComponents(dark),
    Menu: {
      darkItemSelectedColor: selected,
      itemSelectedColor: selected,
      subMenuItemSelectedColor: selected,
      horizontalItemSelectedColor: selected,
    },
    Tabs: { itemSelectedColor: selected, itemActiveColor: selected },
    Progress: { colorSuccess: dark ? '#D9F7BE' : '#135200' },
  };
}

function normalComponents(dark: boolean): ThemeConfig['components'] {
  return dark
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
      };
}
