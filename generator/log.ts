// Terminal output: colour only on a terminal that wants it, progress only where someone is watching.
import { LiveLine } from './progress.ts';

const useColour = process.stdout.isTTY === true && !('NO_COLOR' in process.env) && process.env.TERM !== 'dumb';

const paint = (open: number, close: number) => (text: string) => (useColour ? `\u001b[${open}m${text}\u001b[${close}m` : text);

export const colour = {
  bold: paint(1, 22),
  dim: paint(2, 22),
  red: paint(31, 39),
  green: paint(32, 39),
  yellow: paint(33, 39),
};

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** A transient line for long work, shown only on a terminal. */
  progress(message: string): void;
}

/** The live line on the terminal (progress.ts): nothing at all when stderr is not a terminal. */
const line = new LiveLine(process.stderr, colour.dim);

export const consoleLogger: Logger = {
  // A message printed while the live line is shown would be written after it: the line goes first.
  info: (message) => (line.clear(), console.log(message)),
  warn: (message) => (line.clear(), console.warn(colour.yellow(`! ${message}`))),
  error: (message) => (line.clear(), console.error(message)),
  progress: (message) => line.update(message),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {}, progress() {} };

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
