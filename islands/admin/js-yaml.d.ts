// js-yaml 3, the version gray-matter parses front matter with; it ships no types of its own.
declare module 'js-yaml' {
  const yaml: { safeLoad(text: string): unknown };
  export default yaml;
}
