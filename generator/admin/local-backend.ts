// The editor's local backend under `site serve`: the small JSON API Decap's proxy backend speaks (what
// decap-server implements), answered in-process so that every save is checked by the build's own code
// before a byte is written. A save that the build would reject is refused with the build's message; a
// valid one is written in the file's own layout, and the watcher rebuilds and reloads as for any edit.
import fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import path from 'node:path';
import type http from 'node:http';
import { formatFailure, BuildFailure, positionAt, SiteError, siteError, sortErrors } from '../errors.ts';
import { within, type Project } from '../project.ts';
import { colour, type Logger } from '../log.ts';
import { fileNameError, loadContent, parseSource, type SourceFile } from '../content/load.ts';
import { ownProblems } from '../content/validate.ts';
import { factSources, resolveFacts } from '../content/facts.ts';
import { findHandTypedFacts } from '../content/hand-typed.ts';
import { buildModel } from '../content/model.ts';
import { routes } from '../routes.ts';
import { crossCheck } from '../content/cross-check.ts';
import { sortDrafts } from '../content/drafts.ts';
import { classify, rules } from '../content/kinds.ts';
import { eachValue } from '../content/pointer.ts';
import { writeFileAtomic } from '../cache.ts';
import { jsonInLayout, markdownInLayout } from './keep-layout.ts';
import { isObject } from './yaml.ts';
import { RequestGuard, type GuardOptions } from './request-guard.ts';
import { imageProblem, imageTypes, isImageName, maxUploadBytes, megabytes, uploadSizeProblem } from '../assets/image-check.ts';
import { readBody, sendJson } from '../serve/functions.ts';
import { decodeRaster, misnamedImage } from '../assets/images.ts';

export const apiPath = '/admin/api/v1';
const configPath = '/admin/config.yml';

class Refused extends Error {
  /** `details`: the full report for the terminal, with code frames, when it differs from the message. */
  constructor(readonly status: number, message: string, readonly details?: string) {
    super(message);
  }
}

/**
 * A request body larger than this is refused: one picture of the largest size the editor takes, base64-encoded
 * as Decap sends it (a third larger), fits with its entry's text.
 */
const maxBody = Math.ceil((maxUploadBytes * 4) / 3) + 2 * 1024 * 1024;

/** Control characters, backslashes and %-escapes have no place in a content path: refused, never taken literally. */
const unsafePath = /[\u0000-\u001f\u007f-\u009f\\]|%[0-9a-f]{2}/i;

/**
 * The path with every link in it resolved; a path not made yet is its folder's real path and its name. Undefined
 * for a link to nowhere.
 */
function realPathOf(abs: string): string | undefined {
  try {
    return fs.realpathSync(abs);
  } catch (error) {
    // Refused: a name that is there yet leads nowhere (a link to nothing), or any error but "no such file".
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || fs.lstatSync(abs, { throwIfNoEntry: false })) return undefined;
    const folder = realPathOf(path.dirname(abs));
    return folder && path.join(folder, path.basename(abs));
  }
}

export function localEditor(project: Project, out: string, logger: Pick<Logger, 'info' | 'warn'>, options: GuardOptions = {}) {
  const root = project.root;
  const guard = new RequestGuard(options);
  const images = path.join(project.assets, 'images');
  // What the editor may change: content/ but for its schemas, and assets/images/. Asked of a path as named and of
  // where it leads on disk, so that a link inside those folders may not lead out of them or into the schemas.
  const editable = (abs: string, real = (dir: string) => dir) =>
    [project.content, images].some((dir) => within(abs, real(dir))) && !within(abs, real(project.schemas));
  const noLinkOut = (abs: string) => {
    const real = realPathOf(abs);
    return real !== undefined && editable(real, (dir) => realPathOf(dir) ?? dir);
  };
  // A named pipe, socket or device: reading or writing a pipe would hold the server until something else opened it.
  const special = (abs: string) => {
    const stat = fs.statSync(abs, { throwIfNoEntry: false });
    return !!stat && !stat.isFile() && !stat.isDirectory();
  };
  // A project that brings only content/ uses the generator's own assets/ (see resolveProject), so paths under
  // assets/ go there; the editor still names them from the project root, as in the repository.
  const toDisk = (rel: string) => (rel.startsWith('assets/') ? path.join(project.assets, rel.slice('assets/'.length)) : path.resolve(root, rel));
  /**
   * A path from Decap, relative to the project root, kept inside the folders the editor may touch: a file to
   * delete, an entry or folder of entries (in content/ only: an image read as an entry would come back as garbled
   * text), an image to upload (in assets/images/ only), or a picture or folder of the media library (the same).
   * A folder where a file goes would fail the read or the delete as a server error.
   */
  const inside = (rel: unknown, want: 'file' | 'entry' | 'entry folder' | 'image' | 'media' | 'media folder' = 'file'): string => {
    const folder = want === 'entry folder' || want === 'media folder';
    if (typeof rel !== 'string' || !rel) throw new Refused(400, 'A file path is required.');
    if (unsafePath.test(rel) || rel.split('/').some((part) => part === '..' || part === '.')) {
      throw new Refused(400, `${JSON.stringify(rel)} is not a file path the editor takes: no "..", control characters, backslashes or %-escapes.`);
    }
    // Decap makes a slug of any length from a title: past the file system's limit, the look for links fails and
    // would refuse the save as a link leading out.
    const tooLong = rel.split('/').find((part) => Buffer.byteLength(part) > 255);
    if (tooLong) throw new Refused(422, `The file name ${tooLong.slice(0, 40)}… is longer than a file system allows (255 bytes). Choose a shorter name or slug.`);
    const abs = path.resolve(toDisk(rel.replace(/^\/+/, '')));
    if (within(abs, project.schemas)) throw new Refused(403, `${rel} is a schema: the editor's forms are made from content/schemas/, and it does not change them.`);
    if (!editable(abs)) throw new Refused(403, `${rel} is outside content/ and assets/images/, which is all the editor may change.`);
    if (want === 'image' && !abs.startsWith(images + path.sep)) throw new Refused(403, `${rel}: images are uploaded to assets/images/ only.`);
    if ((want === 'media' || want === 'media folder') && !within(abs, images)) throw new Refused(403, `${rel}: the editor's media is in assets/images/ only.`);
    if ((want === 'entry' || want === 'entry folder') && !within(abs, project.content)) throw new Refused(403, `${rel}: entries live in content/.`);
    if (!noLinkOut(abs)) throw new Refused(403, `${rel} leads through a link outside content/ and assets/images/, or into content/schemas/, so the editor leaves it alone.`);
    if (special(abs)) throw new Refused(422, `${rel} is not a regular file, so the editor leaves it alone.`);
    const isFolder = fs.statSync(abs, { throwIfNoEntry: false })?.isDirectory();
    if (isFolder !== undefined && isFolder !== folder) throw new Refused(422, `${rel} is ${folder ? 'not a folder' : 'a folder, not a file'}, so the editor leaves it alone.`);
    // In content/, only the files the build reads: not the kinds table (content/kinds.ts), a README or a stray file.
    if (!folder && abs.startsWith(project.content + path.sep) && !classify(contentRel(abs))) throw unknownFile(contentRel(abs));
    // In assets/images/, only the pictures the build publishes: not a README or a .gitkeep, which a deletion would
    // otherwise take. An upload's type is imageProblem's to name, in the words the editor's page uses.
    if (!folder && want !== 'image' && abs.startsWith(images + path.sep) && !isImageName(abs)) {
      throw new Refused(422, `${rel} is not an image (${imageTypes.join(', ')}), so it is not in the editor's media.`);
    }
    return abs;
  };
  /**
   * An entry to read (in content/), or a picture of the media library, which is the media folder (assets/images/
   * and its folders) and the image types an upload may be (assets/image-check.ts), and nothing else: not a
   * content file, nor the kinds table.
   */
  const existing = (rel: unknown, want: 'entry' | 'media'): string => {
    const abs = inside(rel, want);
    if (!fs.existsSync(abs)) throw new Refused(404, `${String(rel)} does not exist.`);
    return abs;
  };
  /** An uploaded image: where it goes (the media folder, assets/images/, and nowhere else) and its checked bytes. */
  const upload = async (asset: { path?: unknown; content?: unknown } | undefined): Promise<{ abs: string; bytes: Buffer }> => {
    const abs = inside(asset?.path, 'image');
    // A name content cannot name would fail the next build (assets/images.ts), in the build's words. Checked
    // here and not as a picture is chosen: Decap lower-cases and slugs the name it was chosen by before it sends it.
    const misnamed = misnamedImage(images, path.relative(images, abs).split(path.sep).join('/'), relOf);
    if (misnamed) throw refusal([misnamed]);
    const bytes = typeof asset?.content === 'string' ? Buffer.from(asset.content, 'base64') : undefined;
    const problem = bytes ? (uploadSizeProblem(bytes.length) ?? imageProblem(String(asset?.path), bytes)) : 'no content was sent';
    if (problem) throw new Refused(422, `Not saved: ${String(asset?.path)}: ${problem}.`);
    // A raster the build cannot read to its last pixel, or with more pixels than it encodes, would fail the next build.
    if (!abs.toLowerCase().endsWith('.svg')) {
      const unfit = await decodeRaster(bytes!).then(() => undefined, (error: Error) => error.message);
      if (unfit) throw new Refused(422, `Not saved: ${String(asset?.path)} cannot be read as an image (${unfit}). Replace it with a JPEG, PNG, WebP or SVG file.`);
    }
    return { abs, bytes: bytes! };
  };
  const contentRel = (abs: string) => path.relative(project.content, abs).split(path.sep).join('/');
  const relOf = (abs: string) => (abs.startsWith(project.assets + path.sep) ? `assets/${path.relative(project.assets, abs)}` : path.relative(root, abs)).split(path.sep).join('/');
  /** A file's text, or undefined when nothing is there. */
  const textOf = (abs: string) => (fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : undefined);
  const entry = (abs: string) => ({ data: fs.readFileSync(abs, 'utf8'), file: { path: relOf(abs), id: relOf(abs) } });
  const media = (abs: string) => ({ id: relOf(abs), name: path.basename(abs), path: relOf(abs), content: fs.readFileSync(abs).toString('base64'), encoding: 'base64' });
  /** The paths `keep` keeps in a folder Decap names, sorted; none while the folder is not there. */
  const listed = (folder: unknown, want: 'entry folder' | 'media folder', keep: (abs: string) => boolean) => {
    const dir = inside(folder, want);
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(dir, name)).filter(keep).sort() : [];
  };

  async function persistEntry(params: { dataFiles?: { path: string; raw: string; newPath?: string; base?: unknown }[]; assets?: { path: string; content: string; encoding: string }[] }) {
    if (!Array.isArray(params.dataFiles ?? []) || !Array.isArray(params.assets ?? [])) throw new Refused(400, 'persistEntry needs lists of dataFiles and assets.');
    if (!params.dataFiles?.length && !params.assets?.length) throw new Refused(400, 'persistEntry has nothing to save: it needs dataFiles or assets.');
    const writes = (params.dataFiles ?? []).map((file) => {
      if (typeof file?.raw !== 'string') throw new Refused(400, 'Each of persistEntry\'s dataFiles needs its text (raw).');
      const [from, abs] = [inside(file.path, 'entry'), inside(file.newPath ?? file.path, 'entry')];
      const remove = from !== abs ? from : undefined;
      // A rename retried after it went through finds only the new name, which is fine; neither name is a 404.
      if (remove && !fs.existsSync(abs) && !fs.existsSync(remove)) throw new Refused(404, `${file.path} does not exist, so it cannot be renamed.`);
      // `base`, which the editor's page sends (islands/admin/formats.ts): the file's text when the entry was opened.
      // A file that holds other text now was saved since, in another tab, by someone else or by hand: written over,
      // that change would be lost without a word.
      const current = textOf(from);
      if (typeof file.base === 'string' && current !== undefined && current !== file.base) {
        throw new Refused(409, `Not saved: ${relOf(from)} has changed since you opened it (saved in another tab or window, or by hand). Your changes are still in the form: copy them, reload the page to see the file as it is now, and make them again.`);
      }
      const there = textOf(abs);
      const rel = contentRel(abs);
      // Written in the layout of the file as it is: at the new name when a rename is retried, else at its own.
      const text = inLayout(rel, file.raw, there ?? current);
      // A rename may land only where nothing is, or on the text it writes (a rename cut off before the old name
      // went): written over another entry, it would take that entry away.
      if (remove && there !== undefined && there !== text) {
        throw new Refused(409, `Not saved: ${relOf(abs)} already exists, so ${relOf(remove)} cannot be renamed to it. Choose another name.`);
      }
      return { abs, rel, text, remove };
    });
    // A renamed entry leaves its old name: whatever referred to it must be refused with the rename.
    const changes: Change[] = writes.flatMap(({ rel, text, remove }) => [{ rel, text }, ...(remove ? [{ rel: contentRel(remove), text: null }] : [])]);
    // Images are checked first (inside assets/images/, of the type their names say), then written before the
    // entry's check, so that the check finds an image uploaded with its entry; if the entry is refused, the images
    // that were not there before are taken away again, and one uploaded over an image of the same name gets its
    // old bytes back: a refused save changes nothing.
    const assets = await Promise.all((params.assets ?? []).map(upload));
    const previous = assets.map(({ abs }) => (fs.existsSync(abs) ? fs.readFileSync(abs) : undefined));
    for (const { abs, bytes } of assets) writeFileAtomic(abs, bytes);
    try {
      if (changes.length) await check(project, changes);
    } catch (error) {
      assets.forEach(({ abs }, i) => {
        const was = previous[i];
        if (was) writeFileAtomic(abs, was);
        else fs.rmSync(abs, { force: true });
      });
      throw error;
    }
    for (const { abs, text, remove } of writes) {
      // A rename whose new file already holds the text (a save cut off before the old name went) still moves.
      if (textOf(abs) !== text) {
        writeFileAtomic(abs, text);
        logger.info(colour.dim(`  editor saved ${relOf(abs)}`));
      }
      if (remove) fs.rmSync(remove, { force: true });
    }
    // The text each file now holds, which the page sends as the base of its next save of the same entry.
    return { message: 'entry persisted', files: writes.map(({ abs, text }) => ({ path: relOf(abs), text })) };
  }

  /**
   * The fields that name an image, as the build looks each up (content/cross-check.ts: a `src` under
   * assets/images/), in the content files not in `gone`: "content/blog/a.md (/image/src)".
   */
  const usesOfImage = (abs: string, gone: string[]) =>
    loadContent(project)
      .files.filter((file) => !gone.includes(path.join(root, file.path)))
      .flatMap((file) => {
        const uses: string[] = [];
        eachValue(file.data, (value, pointer, key) => {
          if (key === 'src' && typeof value === 'string' && path.join(images, value) === abs) uses.push(`${file.path} (${pointer})`);
        });
        return uses;
      });

  /**
   * Deleting an entry is checked like a save: what still refers to it is named, and nothing is deleted. So is
   * deleting an image from the media library: a picture an entry shows would fail the build.
   */
  async function deleteFiles(paths: string[], bases: Record<string, unknown> = {}) {
    // An empty list would answer "deleted " and name nothing, as though something had gone.
    if (!paths.length) throw new Refused(400, 'deleteFiles has nothing to delete: its list of paths is empty.');
    const targets = paths.map((p) => inside(p));
    // Answered "deleted", a file someone else deleted or renamed meanwhile would look as though this deletion took it.
    const gone = targets.find((abs) => !fs.existsSync(abs));
    if (gone) throw new Refused(404, `Not deleted: ${relOf(gone)} is not there any more (deleted or renamed in another tab or window, or by hand). Reload the page to see the entries as they are now.`);
    // `bases`, which the editor's page sends (islands/admin/formats.ts): each entry's text when it was opened, as
    // for a save. A file that holds other text now was saved since: deleting it would take that newer work away unseen.
    paths.forEach((rel, i) => {
      const base = Object.hasOwn(bases, rel) ? bases[rel] : undefined;
      if (typeof base === 'string' && fs.readFileSync(targets[i], 'utf8') !== base) {
        throw new Refused(409, `Not deleted: ${relOf(targets[i])} has changed since you opened it (saved in another tab or window, or by hand). Reload the page to see it as it is now, then delete it again if it should still go.`);
      }
    });
    const entries = targets.filter((abs) => abs.startsWith(project.content + path.sep));
    for (const abs of targets.filter((t) => t.startsWith(images + path.sep))) {
      const uses = usesOfImage(abs, entries);
      if (uses.length) throw new Refused(422, `Not deleted: ${uses.join(', ')} still ${uses.length === 1 ? 'shows' : 'show'} ${relOf(abs)}. Choose another picture there first.`);
    }
    if (entries.length) await check(project, entries.map((abs) => ({ rel: contentRel(abs), text: null })));
    for (const abs of targets) fs.rmSync(abs, { force: true });
    for (const abs of entries) logger.info(colour.dim(`  editor deleted ${relOf(abs)}`));
    return { message: `deleted ${paths.join(', ')}` };
  }

  async function answer(body: { action?: string; params?: Record<string, any> }): Promise<unknown> {
    const params = body.params ?? {};
    // Spelt out, not isObject: its narrowing would make every field of `params` unknown to the actions below.
    if (typeof params !== 'object' || params === null || Array.isArray(params)) throw new Refused(400, "The request's params must be a JSON object.");
    switch (body.action) {
      case 'info':
        return { repo: path.basename(root), publish_modes: ['simple'], type: 'local_fs' };
      case 'entriesByFolder':
        // A named pipe is left out, not refused: the rest of the folder still lists (the build reports it). So is a
        // file the build does not read (a README), which getEntry refuses.
        return listed(params.folder, 'entry folder', (abs) => abs.endsWith(`.${params.extension}`) && !!classify(contentRel(abs)) && noLinkOut(abs) && !special(abs)).map(entry);
      case 'entriesByFiles':
        if (!Array.isArray(params.files)) throw new Refused(400, 'entriesByFiles needs a list of files.');
        return (params.files as { path: string }[]).map((f) => inside(f?.path, 'entry')).filter((abs) => fs.existsSync(abs)).map(entry);
      case 'getEntry':
        return entry(existing(params.path, 'entry'));
      case 'persistEntry':
        return persistEntry(params);
      case 'getMedia':
        // A file there that is not an image is left out, as a named pipe is from entriesByFolder. A link is listed
        // as the build publishes it, when it leads to a file the editor may read (getMediaFile's rule), and it is
        // never read when it leads out.
        return listed(params.mediaFolder, 'media folder', (abs) => isImageName(path.basename(abs)) && noLinkOut(abs) && !!fs.statSync(abs, { throwIfNoEntry: false })?.isFile()).map(media);
      case 'getMediaFile':
        return media(existing(params.path, 'media'));
      case 'persistMedia': {
        const { abs, bytes } = await upload(params.asset);
        writeFileAtomic(abs, bytes);
        return media(abs);
      }
      case 'deleteFile':
      case 'deleteFiles':
        if (params.paths !== undefined && !Array.isArray(params.paths)) throw new Refused(400, 'deleteFiles needs a list of paths.');
        if (params.bases !== undefined && !isObject(params.bases)) throw new Refused(400, 'deleteFiles\' bases must be an object of file paths and the text each had when opened.');
        return deleteFiles(params.paths ?? [params.path], params.bases);
      default:
        if (typeof body.action !== 'string') throw new Refused(400, 'The request names no action: send {"action": "…", "params": {…}}.');
        throw new Refused(422, `The local editor does not do "${body.action}": it saves straight to the files (simple publish mode).`);
    }
  }

  return {
    handles: (pathname: string) => pathname === apiPath || pathname === configPath,
    async handle(req: http.IncomingMessage, res: http.ServerResponse) {
      const pathname = (req.url ?? '/').split('?')[0];
      const send = (status: number, value: unknown) => sendJson(res, status, value, { 'Cache-Control': 'no-store' });
      const from = guard.check(req);
      if ('status' in from) return send(from.status, { error: from.message });
      if (pathname === configPath) {
        if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        // The built config.yml signs in to the live backend; here the same file points Decap at this server,
        // by the name the page was opened with (one of this server's own, checked above), with its token.
        // Decap wants an absolute address, on a host it allows: localhost and 127.0.0.1 unless allowed_hosts adds one.
        const file = path.join(out, 'admin', 'config.yml');
        const text = textOf(file) ?? '';
        const host = from.hostname;
        const origin = `http://${host}:${req.socket.localPort}`;
        const allowed = host === 'localhost' || host === '127.0.0.1' ? '' : `  allowed_hosts: [${JSON.stringify(host)}]\n`;
        res.writeHead(200, { 'Content-Type': 'text/yaml; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(`${localConfig(text, origin)}local_backend:\n  url: "${origin}${apiPath}?token=${guard.token}"\n${allowed}`);
        return;
      }
      if (req.method !== 'POST') return void res.writeHead(405, { Allow: 'POST' }).end();
      const bad = guard.checkApi(req);
      if (bad) return send(bad.status, { error: bad.message });
      try {
        const bytes = await readBody(req, maxBody);
        // In words the editor's page keeps on screen ("Not saved: ", islands/admin/notices.ts). The page refuses a
        // picture over the limit as it is chosen, so only several new pictures in one save make it this big.
        if (bytes === 'too-large') return send(413, { error: `Not saved: what was sent is larger than the editor takes at once (one picture of up to ${megabytes(maxUploadBytes)} MB with its entry, pictures growing by a third on the way). Publish with fewer new pictures, or smaller ones (a few MB is plenty for the site), and add the others in another save.` });
        // Decoded as it is, text in another encoding would be saved with U+FFFD in place of its letters.
        if (!isUtf8(bytes)) throw new Refused(400, 'The request is not UTF-8 text, so its letters could not be read.');
        let body: unknown;
        try {
          body = JSON.parse(bytes.toString('utf8'));
        } catch {
          throw new Refused(400, 'The request is not JSON.');
        }
        if (!isObject(body)) throw new Refused(400, 'The request is not a JSON object.');
        send(200, await answer(body as Parameters<typeof answer>[0]));
      } catch (error) {
        if (error instanceof Refused) {
          logger.warn(colour.yellow(`editor: ${error.details ?? error.message}`));
          send(error.status, { error: error.message });
        } else send(500, { error: `The local editor failed: ${(error as Error).message}` });
      }
    },
  };
}

/** The built config.yml for this server: "View Live" opens the page here, not on the public address. */
export function localConfig(text: string, origin: string): string {
  return text.replace(/^(site_url|display_url): .*$/gm, (_line, key: string) => `${key}: ${JSON.stringify(origin)}`);
}

/** Decap's output for a file, rewritten into the layout the file already has. */
function inLayout(rel: string, raw: string, original: string | undefined): string {
  const incoming = parsed(rel, raw);
  if (rel.endsWith('.md')) {
    const before = original === undefined ? undefined : (parsed(rel, original).data as Record<string, unknown>);
    return markdownInLayout(original, before, incoming.data as Record<string, unknown>, incoming.body ?? '');
  }
  return jsonInLayout(original, incoming.data);
}

function parsed(rel: string, text: string): SourceFile {
  const file = parseSource(rel, text);
  if (!file) throw unknownFile(rel);
  if (file instanceof SiteError) throw refusal(inBody([file], [{ rel, text }]));
  return file;
}

/** A file under content/ that the build does not read, named with the places content files go. */
function unknownFile(rel: string): Refused {
  return new Refused(422, siteError('CONTENT_UNKNOWN_FILE', { places: rules.placesHint }, { file: `content/${rel}` }).headline + `\n${rules.placesHint}`);
}

/**
 * The build's own words for each problem: where (file:line:column and field), what is wrong, and the hint.
 * The editor shows them in a notice, so the code frame the terminal prints is left out here.
 */
function refusal(errors: SiteError[], lead = 'Not saved:'): Refused {
  const sorted = sortErrors(errors);
  const lines = sorted.map((e) => `${e.headline}.${e.hint ? ` ${e.hint}` : ''}`);
  return new Refused(422, `${lead} ${lines.join(' ')}`, formatFailure(new BuildFailure('content', sorted)));
}

/**
 * The build places a problem in a Markdown file's text (a placeholder naming no fact, a link to no page, no text
 * at all) by its line only, with no field. The editor shows a problem beside the field it names
 * (islands/admin/notices.ts), so one after the saved text's front matter names /body, its Markdown field, as
 * the browser's own checks do on the live site (islands/admin/checks.ts).
 */
function inBody(errors: SiteError[], changes: Change[]): SiteError[] {
  return errors.map((e) => {
    const text = changes.find((c) => c.rel.endsWith('.md') && `content/${c.rel}` === e.file)?.text;
    // The front matter's closing line, found as load.ts finds it.
    const close = text ? text.indexOf('\n---', 3) : -1;
    if (e.pointer !== undefined || e.line === undefined || close < 0) return e;
    if (e.code !== 'CONTENT_EMPTY_BODY' && e.line <= positionAt(text!, close + 1).line) return e;
    return new SiteError(e.code, e.message, e.hint, { file: e.file, page: e.page, pointer: '/body', line: e.line, column: e.column, frame: e.frame });
  });
}

/** The facts typed by hand in the saved files that were not there before the save (content/hand-typed.ts). */
function newlyHandTyped(current: SourceFile[], next: SourceFile[], saved: SourceFile[]): SiteError[] {
  const paths = new Set(saved.map((f) => f.path));
  const factFiles = new Set<string>(Object.values(factSources));
  // The saved files, and the facts they might have named.
  const search = (files: SourceFile[]) => findHandTypedFacts(files.filter((f) => paths.has(f.path) || factFiles.has(f.rel)));
  const key = (e: SiteError) => `${e.file} ${e.pointer} ${e.message}`;
  const before = new Set(search(current).map(key));
  return search(next).filter((e) => !before.has(key(e)));
}

/** One file as a save or a deletion would leave it: its new text, or null when it goes. */
interface Change {
  rel: string;
  text: string | null;
}

/**
 * The checks of a build's content and model stages, on the content as it would be after the change: each saved
 * file's schema first, then the rules across files (references, slugs, addresses), which is also what refuses
 * deleting or renaming an entry that others name. Only problems the change would bring are reported; ones
 * already on disk are the build's to show.
 */
async function check(project: Project, changes: Change[]): Promise<void> {
  const saved = changes.filter((c): c is { rel: string; text: string } => c.text !== null).map((c) => parsed(c.rel, c.text));
  // A file every site needs, deleted or renamed away, stops the next build (CONTENT_MISSING_FILE), which the checks
  // below do not look for; without a page's copy they cannot even make the model.
  const needed = changes.find((c) => c.text === null && rules.requiredFiles.includes(c.rel));
  if (needed) {
    const [lead, instead] = saved.length ? ['Not saved:', 'Keep its name.'] : ['Not deleted:', 'Change what it says instead.'];
    throw new Refused(422, `${lead} content/${needed.rel} is one of the files every site needs: the build stops without it. ${instead}`);
  }
  const { files: current, errors: unread } = loadContent(project);
  const touched = new Set(changes.map((c) => c.rel));
  const next = [...current.filter((f) => !touched.has(f.rel)), ...saved];
  // A fact file that does not load is broken after the change too, unless the change is to it.
  const stillUnread = unread.filter((e) => ![...touched].some((rel) => e.file === `content/${rel}`));
  if (saved.length) {
    // A new file's name is its slug, held to the rule the build holds it to (a title's slug may have a dot or run long).
    const misnamed = saved.flatMap((f) => ('slug' in f.source && fileNameError(f.source.slug, f.rel)) || []);
    // Placeholders ({{plans.full.price}}) name facts in other files, so each file is checked as the build sees
    // it: resolved against the content as it would be after the save.
    const own = [...misnamed, ...(await ownProblems(project, next, new Set(saved.map((f) => f.path)), stillUnread))];
    if (own.length) throw refusal(inBody(own, changes));
    // A price, time or phone number typed by hand fails `site check`, which every deploy preview runs
    // (netlify.toml): refused here, where staff can still name the fact instead.
    const typed = newlyHandTyped(current, next, saved);
    if (typed.length) throw refusal(inBody(typed, changes));
  }
  const problems = async (files: SourceFile[], loadErrors: SiteError[]) => {
    const schema = await ownProblems(project, files, undefined, loadErrors);
    if (schema.length) return schema;
    const facts = resolveFacts(files).files;
    // As the dev server builds them, drafts too (an address two files take is placed on the draft), and as
    // `site build` publishes them, without drafts: there an entry that names a draft fails the build.
    return [true, false].flatMap((show) => {
      const { files: kept, drafts } = sortDrafts(facts, show);
      const model = buildModel(kept);
      const { pages, redirects } = routes(model);
      return crossCheck(project, kept, model, pages, redirects, undefined, drafts);
    });
  };
  const known = new Set((await problems(current, unread).catch(() => [])).map((e) => e.headline));
  const added = [...new Map((await problems(next, stillUnread)).filter((e) => !known.has(e.headline)).map((e) => [e.headline, e])).values()];
  if (!added.length) return;
  if (saved.length) throw refusal(inBody(added, changes));
  // A deletion (every change is one): say which entries still name the file, so that staff know what to change first.
  const gone = changes.map((c) => `content/${c.rel}`);
  const naming = [...new Set(added.map((e) => e.file).filter((f): f is string => !!f && !gone.includes(f)))];
  const still = naming.length ? `${naming.join(', ')} still ${naming.length === 1 ? 'refers' : 'refer'} to ${gone.join(', ')}. Change ${naming.length === 1 ? 'it' : 'them'} first.` : `${gone.join(', ')} is still needed.`;
  throw refusal(added, `Not deleted: ${still}`);
}
