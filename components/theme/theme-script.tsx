import { themeScript } from '@/lib/theme/theme-script';

/** The stored theme on <html> before the first paint (lib/theme/theme-script.ts). */
export function ThemeScript() {
  return <script dangerouslySetInnerHTML={{ __html: themeScript }} />;
}
