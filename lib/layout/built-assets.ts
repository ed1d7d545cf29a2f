import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/env/env';

// The build's stylesheets and font files, for the one page not drawn by React (the 503 answer of
// app/[locale]/auth/unavailable, whose route handler cannot import CSS): its <head> links what every page links, so
// it looks like the app's own pages. The app's only CSS is the root layout's (app/globals.css and the Inter face of
// lib/fonts.ts), which Next emits under <distDir>/static; the e2e spec of the 503 page compares the links with a
// page's. Read once per process: a running server's build does not change.

export interface BuiltAssets {
  /** `/_next/static/...` URLs of the stylesheets. */
  stylesheets: string[];
  /** `/_next/static/...` URLs of the self-hosted fonts, preloaded as the layout's `next/font` does. */
  fonts: string[];
  /**
   * The class that sets `--font-inter` (lib/fonts.ts's `variable`), which the layout puts on <html> as
   * `inter.variable`: next/font cannot be imported into a route handler, so it is read from the stylesheet.
   */
  fontClass: string;
}

const fontVariableRule = /\.([\w-]+)\{--font-inter:/;

function filesUnder(folder: string, extension: string): string[] {
  try {
    return readdirSync(path.join(env.distDir, 'static', folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith(extension))
      .sort()
      .map((file) => `/_next/static/${folder}/${file.split(path.sep).join('/')}`);
  } catch {
    // No build output here (a development server that has not compiled a page yet): a plain page still reads.
    return [];
  }
}

let assets: BuiltAssets | undefined;

export function builtAssets(): BuiltAssets {
  if (assets) return assets;
  const stylesheets = filesUnder('chunks', '.css');
  const fontClass =
    stylesheets
      .map((href) => readFileSync(path.join(env.distDir, href.slice('/_next/'.length)), 'utf8'))
      .map((css) => fontVariableRule.exec(css)?.[1])
      .find(Boolean) ?? '';
  const found = { stylesheets, fonts: filesUnder('media', '.woff2'), fontClass };
  // Kept once there is a build to read; a development server compiles its CSS later.
  if (found.stylesheets.length > 0) assets = found;
  return found;
}
