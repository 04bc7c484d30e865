// One media library for every picture: the Media tab and every image field use the same folder, assets/images/,
// where the build reads every picture (with its folders: cities/, services/, blog/ …), and an upload from either
// goes there, where every field finds it and sharp processes it like any other.
//
// Decap shows a field only the pictures directly in its folder, and writes a picked picture's value as the
// folder's public path plus the file's own name. So the library's list here holds assets/images/ and each of its
// folders, every picture named with its folder ("cities/perth.svg") and placed, for Decap, at the top of the
// library; reads and deletions of such a place go to the real file, and a picture picked from a folder keeps
// its folder in the value ("cities/perth.svg", as the content writes it).
import { changeBackends } from './backends.ts';

interface MediaFile {
  name: string;
  path: string;
  [key: string]: unknown;
}
interface Backend {
  mediaFolder?: string;
  getMedia(folder?: string): Promise<MediaFile[]>;
  getMediaFile(path: string): Promise<unknown>;
  deleteFiles?(paths: string[], message: string): Promise<unknown>;
  deleteFile?(path: string, message: string): Promise<unknown>;
}

/** A picture's place at the top of the library -> its real path ("assets/images/perth.svg" -> ".../cities/perth.svg"). */
const realPaths = new Map<string, string>();
/** A picture's own name -> its value with its folder ("perth.svg" -> "cities/perth.svg"). */
const values = new Map<string, string>();

const trim = (p: string) => p.replace(/^\/+|\/+$/g, '');

export function oneMediaLibrary(folders: () => Promise<string[]>): void {
  changeBackends<Backend>((backend) => {
    const own = { getMedia: backend.getMedia.bind(backend), getMediaFile: backend.getMediaFile.bind(backend), deleteFiles: backend.deleteFiles?.bind(backend), deleteFile: backend.deleteFile?.bind(backend) };
    const root = () => trim(backend.mediaFolder ?? '');
    let listed: Promise<MediaFile[]> | undefined;
    const listAll = () =>
      (listed = (async () => {
        const top = root();
        const lists = await Promise.all([own.getMedia(top), ...(await folders()).map((dir) => own.getMedia(`${top}/${dir}`).catch(() => [] as MediaFile[]))]);
        const atTop = new Set(lists[0].map((f) => f.path.split('/').pop()!));
        realPaths.clear();
        values.clear();
        return lists.flat().map((file) => {
          const own = file.path.split('/').pop()!;
          if (!file.path.startsWith(`${top}/`) || trim(file.path.slice(0, -own.length - 1)) === top || atTop.has(own) || values.has(own)) return file;
          const value = file.path.slice(top.length + 1);
          const place = `${top}/${own}`;
          realPaths.set(place, file.path);
          values.set(own, value);
          return { ...file, name: value, path: place };
        });
      })());
    const real = async (path: string) => {
      if (!listed) await listAll().catch(() => []);
      else await listed.catch(() => []);
      return realPaths.get(trim(path)) ?? path;
    };
    backend.getMedia = (folder?: string) => (folder === undefined || trim(folder) === root() ? listAll() : own.getMedia(folder));
    backend.getMediaFile = async (path: string) => own.getMediaFile(await real(path));
    if (own.deleteFiles) backend.deleteFiles = async (paths: string[], message: string) => own.deleteFiles!(await Promise.all(paths.map(real)), message);
    if (own.deleteFile) backend.deleteFile = async (path: string, message: string) => own.deleteFile!(await real(path), message);
  });
}

/** The value to store for a picked picture: with its folder when it lives in one ("cities/perth.svg"). */
export function withFolder(value: unknown): unknown {
  if (typeof value !== 'string' || value.includes('/')) return value;
  return values.get(value) ?? value;
}
