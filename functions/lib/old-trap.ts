// Both forms' honeypot, the field people never see, was named `website` until browsers' autofill was found filling
// it; it is `leave_blank` now. A page opened before the change (still in a tab, or in a browser's cache) and a bot
// that learnt the form then still post the old name, which the schemas no longer know. Shared by send-email and
// subscribe, so the old name is read the same way by both.

const oldName = 'website';
const trap = 'leave_blank';

/**
 * `data`, a post with its text trimmed, with the trap's old name read as the trap: empty, it is left out, as the
 * trap is; filled, it fills the trap (unless the trap is filled itself), so the post is taken as any that fills the
 * trap, suspected and kept, and held to the trap's rules (text, its length), instead of refused as an unknown field.
 * Every other key is kept as the post's own, even `__proto__`, for the schema to judge.
 */
export function readOldTrap(data: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(data, oldName)) return data;
  const { [oldName]: old, ...rest } = data;
  if (old !== '' && (!Object.hasOwn(rest, trap) || rest[trap] === '')) Object.defineProperty(rest, trap, { value: old, enumerable: true, writable: true, configurable: true });
  return rest;
}
