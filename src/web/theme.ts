import { createTheme, mergeThemeOverrides, type MantineColorsTuple } from '@mantine/core';

/**
 * The brand's deep teal (the top bar's #0f766e at shade 8, the filled shade): white text
 * on it is 5.5:1, where Mantine's own teal.7 gave 3.1:1 (WCAG 2.2 AA asks 4.5:1; issue 15,
 * decision 0024). The lighter shades stay for tints and borders; shade 9 is the text of
 * light variants.
 */
const teal: MantineColorsTuple = ['#effcf9', '#d5f5ee', '#a8ebdc', '#76dcc7', '#4ccab2', '#2fb59d', '#1a9e88', '#138577', '#0f766e', '#0b5c56'];

/*
 * Mantine's red, orange, green and yellow with shades 7–9 a step darker, so that with shade 8 as
 * the filled and text shade, and 9 as the text of light badges and alerts, each reads at
 * 4.5:1 or more on white, the grey page and its own tint (red.8 #c92a2a 5.2:1 on the grey
 * page; orange.8 #c2410c 4.9:1; green.8 #237a35 5.1:1; shade 9 on shade 1 above 6:1; yellow, whose own shade 9 #e67700 read 2.7:1 on its tint,
 * has yellow.8 #9a5b00 5.4:1 on white and yellow.9 #7a4500 7.0:1 on yellow.1).
 */
const red: MantineColorsTuple = ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#fa5252', '#e03131', '#c92a2a', '#a51d1d'];
const orange: MantineColorsTuple = ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#e8590c', '#c2410c', '#9a3412'];
const yellow: MantineColorsTuple = ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#fab005', '#c77a00', '#9a5b00', '#7a4500'];
const green: MantineColorsTuple = ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#2f9e44', '#237a35', '#1b5e28'];

/** One calm theme: teal for action, generous radius, system fonts (no font downloads). */
export const theme = createTheme({
  colors: { teal, red, orange, green, yellow },
  primaryColor: 'teal',
  // shade 8 for every filled colour and coloured text: white on red.8 is 5.5:1 (red.7 was 3.8:1)
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
  },
});

/**
 * Dimmed text a shade darker than Mantine's gray.6 (3.3:1 on white): #5f676f is 5.7:1 on
 * white and 5.1:1 on the grey page and tinted cards, still visibly secondary. Placeholders
 * (a month or file picker's "Pick…" text; gray.5 was 2.1:1) a little lighter, #687078, 5.0:1.
 * A form field's error text (and its required asterisk) in red.8, 5.2:1 on the grey page,
 * where Mantine's own red.6 read 3.3:1 on white (issue 28); theme.test.ts computes each.
 */
export const cssVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f676f', '--mantine-color-placeholder': '#687078', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {},
});

/**
 * The theme with the translated name of the dialogs', drawers' and toasts' close buttons
 * (an X alone has no name for a screen reader; issue 15). Built again when the language changes.
 */
export function themeWithCloseLabel(close: string) {
  const closeButtonProps = { 'aria-label': close };
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: { defaultProps: { closeButtonProps } },
      },
    }),
  );
}
