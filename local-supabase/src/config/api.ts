import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';

/** `[api]` of config.toml as the Supabase CLI hands it to PostgREST (PGRST_DB_SCHEMAS, _DB_EXTRA_SEARCH_PATH, _DB_MAX_ROWS). */
export interface ApiConfig {
  schemas: string[];
  extraSearchPath: string[];
  /** undefined = no limit (max_rows = 0). */
  maxRows: number | undefined;
}

/** The CLI's defaults (pkg/config/templates/config.toml). */
export const DEFAULT_API_CONFIG: ApiConfig = {
  schemas: ['public', 'graphql_public'],
  extraSearchPath: ['public', 'extensions'],
  maxRows: 1000,
};

const strings = (value: unknown, fallback: string[]): string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : fallback;

export function loadApiConfig(configPath: string | undefined): ApiConfig {
  if (!configPath) return DEFAULT_API_CONFIG;
  const root = parseToml(readFileSync(configPath, 'utf8')) as Record<string, unknown>;
  const api = (root.api ?? {}) as Record<string, unknown>;
  const maxRows = typeof api.max_rows === 'number' ? api.max_rows : DEFAULT_API_CONFIG.maxRows;
  return {
    schemas: strings(api.schemas, DEFAULT_API_CONFIG.schemas),
    extraSearchPath: strings(api.extra_search_path, DEFAULT_API_CONFIG.extraSearchPath),
    maxRows: maxRows && maxRows > 0 ? maxRows : undefined,
  };
}
