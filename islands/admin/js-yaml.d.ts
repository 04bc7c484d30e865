// js-yaml 3, the version gray-matter parses front matter with; it ships no types of its own.
declare module 'js-yaml' {
  const yaml: { safeLoad(text: string, options: { schema: unknown }): unknown; CORE_SCHEMA: unknown };
  export default yaml;
}
