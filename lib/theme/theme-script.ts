// The stored theme, applied before the first paint. next-themes writes a script of its own for this, but the
// bundler rewrites that script's text, so its hash is unknown until the build is done and no page rendered per
// request could allow it (docs/decisions/0013-a-script-policy-without-unsafe-inline.md). This one is a constant:
// the middleware allows it by its hash. Plain module: the provider and the middleware read it.

/** next-themes' settings, for its provider (components/theme/theme-provider.tsx) and the script below. */
export const themeStorageKey = 'theme';
export const themes = ['light', 'dark'] as const;

// What next-themes' own script does with attribute="class", defaultTheme="system" and enableColorScheme: the stored
// choice (or the system's) as a class on <html> and as its color-scheme.
export const themeScript = [
  'try{var e=document.documentElement,',
  `t=localStorage.getItem(${JSON.stringify(themeStorageKey)})||"system";`,
  'if(t==="system")t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";',
  `if(${JSON.stringify(themes)}.indexOf(t)>=0){e.classList.remove(${themes.map((theme) => JSON.stringify(theme)).join(',')});`,
  'e.classList.add(t);e.style.colorScheme=t}}catch(n){}',
].join('');
