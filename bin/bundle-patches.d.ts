// Types of bundle-patches.js, which stays plain JavaScript: the launcher loads it before anything is compiled.
import type { Plugin } from 'esbuild';

export interface Patch {
  name: string;
  module: string;
  file: RegExp;
  find: RegExp;
  count: number;
  replace: string;
  append?: string;
}

export const patches: Patch[];

export function patchSource(file: string, source: string): { source: string; applied: string[]; missed: string[] };

export function patchPlugin(warn?: (message: string) => void, applied?: (name: string) => void): Plugin;
