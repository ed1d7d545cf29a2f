const transitionsOff = '*,*::before,*::after{transition:none!important}';

/**
 * Runs `switchTheme` with CSS transitions off until the new theme's class lands on <html>, so every colour changes
 * in the same frame instead of buttons fading while the rest snaps. next-themes' own `disableTransitionOnChange`
 * does this on every page load too (two full-document style recalculations at start-up); this runs only on a switch.
 */
export function withoutTransitions(switchTheme: () => void): void {
  const style = document.createElement('style');
  style.textContent = transitionsOff;
  document.head.append(style);
  const restore = () => {
    observer.disconnect();
    clearTimeout(fallback);
    void document.body.offsetWidth; // restyle the whole page in the new colours while transitions are still off
    setTimeout(() => style.remove(), 1);
  };
  const observer = new MutationObserver(restore);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  // Choosing the theme already in effect changes no class.
  const fallback = setTimeout(restore, 500);
  switchTheme();
}
