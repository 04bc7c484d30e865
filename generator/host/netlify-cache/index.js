// A Netlify build plugin (netlify.toml loads it by path) that keeps what `site build` reuses between deploys:
// .cache/ (rendered Markdown, encoded images, what each page read) and the last output, whose unchanged
// pages the next build keeps instead of rendering them again. Restored before the build, saved after it.
// Netlify gives each plugin `utils.cache` (restore/save of a path, relative to the repository) and the
// publish folder in `constants.PUBLISH_DIR`.
// Netlify refuses a plugin that exports anything but event handlers ("Invalid event"), failing the deploy, so
// this module exports the two handlers and nothing else.

/** The folders kept between deploys, relative to the repository. */
function cachedFolders(constants = {}) {
  return ['.cache', constants.PUBLISH_DIR || 'dist'];
}

export async function onPreBuild({ utils, constants }) {
  for (const folder of cachedFolders(constants)) {
    const restored = await utils.cache.restore(folder);
    console.log(restored ? `site-cache: restored ${folder} from the last deploy` : `site-cache: no ${folder} kept yet; this build starts cold`);
  }
}

export async function onPostBuild({ utils, constants }) {
  for (const folder of cachedFolders(constants)) {
    if (await utils.cache.save(folder)) console.log(`site-cache: kept ${folder} for the next deploy`);
  }
}
