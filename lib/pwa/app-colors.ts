// The installed app's window colors; they match the page background of each color scheme
// (app/globals.css) and the <meta name="theme-color"> tags in the root layout's viewport.
export const appColors = {
  light: { theme: '#ffffff', background: '#ffffff' },
  dark: { theme: '#0a0a0a', background: '#0a0a0a' },
} as const;
