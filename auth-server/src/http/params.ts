import { badRequest } from '../errors.ts';

/** Typed reads of a JSON body; a value of the wrong type fails as Go's json.Unmarshal does (400 bad_json). */
export class Params {
  readonly raw: Record<string, unknown>;
  private readonly struct: string;
  constructor(raw: Record<string, unknown>, struct: string) {
    this.raw = raw;
    this.struct = struct;
  }

  private typeError(key: string, want: string): never {
    const got = this.raw[key];
    const kind = Array.isArray(got) ? 'array' : typeof got === 'object' ? 'object' : typeof got;
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: json: cannot unmarshal ${kind} into Go struct field ${this.struct}.${key} of type ${want}`,
    );
  }

  string(key: string): string {
    const v = this.raw[key];
    if (v === undefined || v === null) return '';
    if (typeof v !== 'string') this.typeError(key, 'string');
    return v;
  }

  boolean(key: string): boolean | undefined {
    const v = this.raw[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'boolean') this.typeError(key, 'bool');
    return v;
  }

  object(key: string): Record<string, unknown> | undefined {
    const v = this.raw[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'object' || Array.isArray(v)) this.typeError(key, 'map[string]interface {}');
    return v as Record<string, unknown>;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined && this.raw[key] !== null;
  }
}
