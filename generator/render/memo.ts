// Markup shared between pages (the tags every head holds, the header of each section, the footer) is rendered
// once per build for each distinct set of inputs. The key is made from the inputs themselves, so a part whose
// inputs differ is rendered again: there is no hand-written key that could leave one out.

/** A text that is the same for equal plain data: object keys sorted, properties set to undefined left out. */
export function stableKey(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `[${value.map(stableKey).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) throw new Error(`shared markup's inputs must be plain data, not a ${prototype?.constructor?.name ?? 'class instance'}`);
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableKey(record[key])}`).join(',')}}`;
  }
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') throw new Error(`shared markup's inputs must be plain data, not a ${typeof value}`);
  return JSON.stringify(value);
}

/** Values computed once per name and distinct inputs. */
export class Memo<T> {
  private readonly values = new Map<string, T>();

  /** The value for `name` and `inputs`, computed by `compute` the first time only; `fresh` says which. */
  get(name: string, inputs: Record<string, unknown>, compute: () => T): { value: T; fresh: boolean } {
    const key = `${name} ${stableKey(inputs)}`;
    const fresh = !this.values.has(key);
    if (fresh) this.values.set(key, compute());
    return { value: this.values.get(key)!, fresh };
  }
}
