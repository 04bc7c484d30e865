// What a build writes its files into. Two kinds: a staged output (staged.ts), swapped into place whole when
// the build succeeds, and the dev server's live output (live.ts), updated in place. Files are written
// synchronously as they are produced (thousands of small promises through libuv's pool cost more than the
// writes themselves), each folder created once.
import { BuildFailure, siteError } from '../errors.ts';

export interface Output {
  /**
   * Adds a file; `file` is relative to the output folder, with forward slashes. `source` is what it is made
   * from (a content file, an image under assets/), named should a second source make the same file.
   */
  emit(file: string, contents: string | Uint8Array, source?: string): void;
  /**
   * Keeps a file as the last build left it in the output, instead of producing it again. False, keeping
   * nothing, when that file is not there exactly as the last build wrote it. `source` as for emit().
   */
  keep(file: string, source?: string): boolean;
  /** Whether keep() would keep a file not yet placed by this build; keeps nothing. */
  canKeep(file: string): boolean;
  /** Resolves once what was emitted is far enough written that emitting more holds no large backlog. */
  drain(): Promise<void>;
}

/**
 * Places a file whose name stands for its bytes (it carries a hash of what made them): kept from the last
 * output when that holds it, so its bytes are neither read nor handed to the writer again; otherwise emitted.
 */
export function emitNamed(output: Output, file: string, contents: () => string | Uint8Array, source?: string): void {
  if (!output.keep(file, source)) output.emit(file, contents(), source);
}

export abstract class BaseOutput implements Output {
  /** Every file this build placed, emitted or kept, with what it was made from. */
  protected placed = new Map<string, string | undefined>();
  abstract emit(file: string, contents: string | Uint8Array, source?: string): void;
  abstract keep(file: string, source?: string): boolean;
  abstract canKeep(file: string): boolean;
  async drain(): Promise<void> {}

  /** Records a file as placed; once only: a second source of it is refused, naming both. */
  protected note(file: string, source?: string): void {
    if (this.placed.has(file)) {
      const sources = [this.placed.get(file), source].map((s) => s ?? 'the generator itself').sort();
      throw new BuildFailure('output', [siteError('OUTPUT_TWICE', { sources: sources.join(' and ') }, { file })]);
    }
    this.placed.set(file, source);
  }
}
