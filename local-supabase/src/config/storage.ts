import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';

/** A `[storage.buckets.<name>]` table of config.toml. */
export interface BucketConfig {
  name: string;
  public: boolean;
  /** Bytes; undefined = only the global limit. */
  fileSizeLimit: number | undefined;
  allowedMimeTypes: string[] | undefined;
  /** Absolute folder whose files are uploaded into the bucket on start; undefined = none. */
  objectsPath: string | undefined;
}

/** `[storage]` of config.toml as the Supabase CLI hands it to the storage service and seeds buckets from it. */
export interface StorageConfig {
  /** The service's FILE_SIZE_LIMIT in bytes: no upload may exceed it, whatever its bucket says. */
  fileSizeLimit: number;
  buckets: BucketConfig[];
}

/** The CLI's default (pkg/config/templates/config.toml): 50MiB. */
export const DEFAULT_STORAGE_CONFIG: StorageConfig = { fileSizeLimit: 50 * 1024 * 1024, buckets: [] };

/**
 * Sizes as the CLI reads them (docker/go-units RAMInBytes): a number with an optional k, m, g, t or p, each 1024
 * times the last, whether written `5M`, `5MB` or `5MiB`.
 */
export function parseConfigSize(value: unknown, where: string): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  const m = typeof value === 'string' ? /^(\d+(?:\.\d+)?)\s*([kmgtp]?)(?:i?b)?$/i.exec(value.trim()) : null;
  if (!m)
    throw new Error(`config.toml: ${where} must be a size such as "50MiB", got ${JSON.stringify(value)}`);
  const power = ' kmgtp'.indexOf((m[2] || ' ').toLowerCase());
  return Math.floor(Number(m[1]) * 1024 ** power);
}

const strings = (value: unknown, where: string): string[] | undefined => {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
    throw new Error(`config.toml: ${where} must be a list of strings`);
  return value;
};

export function loadStorageConfig(configPath: string | undefined): StorageConfig {
  if (!configPath) return DEFAULT_STORAGE_CONFIG;
  const root = parseToml(readFileSync(configPath, 'utf8')) as Record<string, unknown>;
  const storage = (root.storage ?? {}) as Record<string, unknown>;
  const fileSizeLimit =
    storage.file_size_limit === undefined
      ? DEFAULT_STORAGE_CONFIG.fileSizeLimit
      : parseConfigSize(storage.file_size_limit, 'storage.file_size_limit');
  const tables = (storage.buckets ?? {}) as Record<string, Record<string, unknown>>;
  const buckets = Object.entries(tables).map(([name, t]): BucketConfig => {
    const where = `storage.buckets.${name}`;
    return {
      name,
      public: t.public === true,
      fileSizeLimit:
        t.file_size_limit === undefined
          ? undefined
          : parseConfigSize(t.file_size_limit, `${where}.file_size_limit`),
      allowedMimeTypes: strings(t.allowed_mime_types, `${where}.allowed_mime_types`),
      // Relative to the supabase folder, as the CLI resolves it.
      objectsPath:
        typeof t.objects_path === 'string' && t.objects_path !== ''
          ? path.resolve(path.dirname(configPath), t.objects_path)
          : undefined,
    };
  });
  return { fileSizeLimit, buckets };
}
