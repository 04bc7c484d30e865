// The templates' entry: the generator renders every page through Document, and draws each kind of page's
// social card through social.
export { Document } from './document.tsx';
export { social } from './social.ts';
