import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';

/** The CLI's default `[api] schemas` (its config template), used when config.toml lists none. */
export const DEFAULT_API_SCHEMAS = ['public', 'graphql_public'] as const;

/** The schemas the Data API exposes: `[api] schemas` of a CLI-format config.toml; no file = the CLI's defaults. */
export function loadApiSchemas(configPath: string | undefined): string[] {
  if (!configPath) return [...DEFAULT_API_SCHEMAS];
  const api = (parseToml(readFileSync(configPath, 'utf8')) as { api?: { schemas?: unknown } }).api;
  const schemas = api?.schemas;
  if (schemas === undefined) return [...DEFAULT_API_SCHEMAS];
  if (!Array.isArray(schemas) || !schemas.every((s): s is string => typeof s === 'string' && s !== '')) {
    throw new Error('config: [api] schemas must be a list of schema names');
  }
  return schemas;
}
