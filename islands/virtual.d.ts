// Modules the generator makes while bundling islands.
declare module 'virtual:enquiry-validators' {
  import type { SchemaError } from '../functions/lib/enquiry.ts';
  type Validate = ((data: unknown) => boolean) & { errors?: SchemaError[] | null };
  export const enquiry: Validate;
  export const message: Validate;
}
