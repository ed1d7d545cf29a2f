import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Strings only Supabase's client code carries: the auth client class, the package name, the Auth API path. */
export const SUPABASE_MARKERS = [
  'GoTrueClient',
  'supabase-js',
  '/auth/v1',
  '@supabase/ssr',
  'sb_secret_',
] as const;

export interface BrowserChunkScan {
  files: number;
  /** Files under <distDir>/static/chunks that contain a marker, with the markers found. */
  hits: { file: string; markers: string[] }[];
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Scans every browser chunk of a build for Supabase client code. */
export async function scanBrowserChunks(distDir: string): Promise<BrowserChunkScan> {
  const files = await listFiles(path.join(distDir, 'static/chunks'));
  const hits: BrowserChunkScan['hits'] = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    const markers = SUPABASE_MARKERS.filter((marker) => text.includes(marker));
    if (markers.length) hits.push({ file: path.relative(distDir, file), markers });
  }
  return { files: files.length, hits };
}
