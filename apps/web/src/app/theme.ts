import { Alert, Combobox, createTheme } from '@mantine/core';

/**
 * Mantine's default filled blue (shade 6, #228be6) gives white text a 3.6:1 contrast, below
 * WCAG AA's 4.5:1. Shade 8 (#1971c2) gives 5.0:1, and its hover shade 9 more, so buttons, links
 * and active menu items all pass on white.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  focusRing: 'auto',
  defaultRadius: 'sm',
  components: {
    // Light alerts tint their text with shade 9 of the alert colour, which is below 4.5:1 on
    // the tinted background for green, teal, orange and yellow: keep the text the body colour.
    Alert: Alert.extend({
      vars: (_theme, props) =>
        !props.variant || props.variant === 'light' ? { root: { '--alert-color': 'var(--mantine-color-text)' } } : { root: {} },
    }),
    // A closed dropdown (the subject picker's, every Select's) is not in the page: kept mounted,
    // hidden, each was positioned as the page loaded (a forced style recalculation per dropdown,
    // 75 ms of a phone's main thread on a report page). It is built when it opens.
    Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }),
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
