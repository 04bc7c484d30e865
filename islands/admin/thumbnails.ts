// Existing pictures as real thumbnails in image fields. Decap's image control asks for a picture once, when its
// value is first shown; while the picture is still loading Decap hands back an empty placeholder and never asks
// again, so a picture already in the repository showed as a blank box. The control is wrapped here: while the
// answer is the placeholder, it asks again (a new `getAsset` each time makes the control's effect run again)
// until the picture has loaded or failed.
import { withFolder } from './media.ts';

type Node = unknown;
declare const h: (type: unknown, props?: Record<string, unknown> | null, ...children: Node[]) => Node;
interface Asset {
  path?: string;
}
type GetAsset = (path: string, field?: unknown) => Asset | undefined;
interface Wrapper {
  props: Record<string, unknown> & { getAsset: GetAsset };
  state: { tick: number };
  setState(state: { tick: number }): void;
  inner?: Record<string, unknown> | null;
  timer?: ReturnType<typeof setTimeout>;
  tries?: number;
  bound?: GetAsset;
  boundTick?: number;
  boundFrom?: GetAsset;
  pathsFrom?: unknown;
  paths?: unknown;
}
declare const createClass: (spec: Record<string, unknown> & ThisType<Wrapper>) => unknown;
declare const CMS: { getWidget(name: string): { control: unknown } | undefined };

/** Decap's placeholder while a picture loads. */
const placeholderPath = 'empty.svg';
const maxTries = 200;

export function showThumbnails(): void {
  for (const name of ['image', 'file']) {
    const widget = CMS.getWidget(name);
    if (!widget) continue;
    const Control = widget.control;
    widget.control = createClass({
      getInitialState() {
        return { tick: 0 };
      },
      componentWillUnmount() {
        clearTimeout(this.timer);
      },
      // Decap asks the control it holds whether to render again; the real control decides, on what it is given.
      shouldComponentUpdate() {
        return true;
      },
      // Decap's own checks call these on the control it holds: passed on to the real one.
      getValidateValue() {
        return (this.inner?.getValidateValue as (() => unknown) | undefined)?.call(this.inner);
      },
      isValid() {
        const own = this.inner?.isValid as (() => unknown) | undefined;
        return own ? own.call(this.inner) : true;
      },
      focus(path?: string) {
        (this.inner?.focus as ((p?: string) => void) | undefined)?.call(this.inner, path);
      },
      render() {
        const from = this.props.getAsset;
        if (!this.bound || this.boundTick !== this.state.tick || this.boundFrom !== from) {
          this.boundTick = this.state.tick;
          this.boundFrom = from;
          this.bound = (path, field) => {
            const asset = from(path, field);
            if (path && asset?.path === placeholderPath && (this.tries ?? 0) < maxTries && !this.timer) {
              this.timer = setTimeout(() => {
                this.timer = undefined;
                this.tries = (this.tries ?? 0) + 1;
                this.setState({ tick: this.state.tick + 1 });
              }, 100);
            }
            return asset;
          };
        }
        // A picture picked from a folder of the library keeps its folder in the value (media.ts): the control
        // stores what Decap's library hands it for the field, so that is given with the folder.
        const paths = this.props.mediaPaths as { map?(f: (v: unknown) => unknown): unknown } | undefined;
        if (paths !== this.pathsFrom) {
          this.pathsFrom = paths;
          this.paths = paths?.map ? paths.map((v) => withFolder(v)) : paths;
        }
        return h(Control, { ...this.props, getAsset: this.bound, mediaPaths: this.paths, ref: (el: Record<string, unknown> | null) => (this.inner = el) });
      },
    });
  }
}
