// The templates' entry: the generator renders every page through Document.
export { Document } from './document.tsx';
