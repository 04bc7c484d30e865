// The schemas compiled by ajv at build time (generator/admin/admin-files.ts, editorScript), for the browser.
declare module 'site:validators' {
  interface Validate {
    (data: unknown): boolean;
    errors?: { keyword: string; instancePath: string; schemaPath: string; params: Record<string, unknown>; message?: string }[] | null;
  }
  export const validators: Record<string, Validate>;
  export const schemas: Record<string, unknown>;
}
