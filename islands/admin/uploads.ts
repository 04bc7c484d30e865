// A picture is checked as it is chosen, by the build's own rules (generator/assets/image-check.ts). With an entry
// open, Decap keeps an upload in the browser, as a draft of the entry, and sends it only when the entry is
// published: a file that is not the image its name says (text saved as "photo.png") sat in the media library as
// a draft and was refused only at Publish, with the whole entry. Refused here, it never reaches the library, and
// the refusal names the file and what is wrong with it, in the words the server and the build use. A picture
// larger than the editor takes would be kept the same way and refused only at Publish, with the whole entry; its
// size is checked first, without reading its bytes.
import { imageProblem, uploadSizeProblem } from '../../generator/assets/image-check.ts';
import { clearRefusal, showRefusal } from './notices.ts';

export function checkUploads(): void {
  /** The change events this sends on to Decap once the files have passed. */
  const passed = new WeakSet<Event>();
  window.addEventListener(
    'change',
    (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.type !== 'file' || passed.has(event) || !input.files?.length) return;
      // Held back from Decap (whose handlers are on the page's root, below the window) while the bytes are read.
      event.stopImmediatePropagation();
      const files = [...input.files];
      const checked = Promise.all(files.map(async (file) => ({ name: file.name, problem: uploadSizeProblem(file.size) ?? imageProblem(file.name, new Uint8Array(await file.arrayBuffer())) })));
      void checked.then(
        (results) => {
          const refused = results.filter((r) => r.problem);
          if (refused.length) {
            // Emptied, so that the same name, once put right, can be chosen again.
            input.value = '';
            showRefusal(`Not uploaded: ${refused.map((r) => `${r.name}: ${r.problem}.`).join(' ')}`);
            return;
          }
          clearRefusal(/^Not uploaded/);
          const again = new Event('change', { bubbles: true });
          passed.add(again);
          input.dispatchEvent(again);
        },
        () => {
          // A file the browser could not read is left to Decap, which says so as for any upload that fails.
          const again = new Event('change', { bubbles: true });
          passed.add(again);
          input.dispatchEvent(again);
        },
      );
    },
    true,
  );
}
