// The content editor at /admin under `site serve`, in Chromium: the collections listed with labels and hints; a
// city edited and seen on its page after the reload, an invalid value refused with the build's own message and the
// file left alone, a required field left empty held back by Decap with no uncaught error, a new blog post with a
// picture written and listed on /blog and in the sitemap, a picture that is not one refused, a deletion others
// depend on refused, two tabs on one entry, a post whose YAML aliases are refused and the page Decap shows for it
// (a link back to the list, no "Insert a fact") and its card, the server down while saving; the media library and
// the previews, and on a phone the button that brings the preview into view and back. The form's layout on a phone
// and the refusal panel are editor-form.test.ts's, Decap's notices editor-notices.test.ts's. Screenshots go to
// reports/screenshots/editor-*.png.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { DevServer, RebuildOutcome } from '../../generator/serve/server.ts';
import type { Fixture } from '../helpers/project.ts';
import { EditorSession, onTop, publish, shots, until } from './editor-session.ts';

const test = suite('content editor in the browser');

let session: EditorSession;
let site: Fixture;
let dev: DevServer;

test.before(async () => {
  session = await EditorSession.start();
  ({ site, dev } = session);
});
test.after.each(() => session.closePages());
test.after(() => session?.close());

function editor(hash: string, viewport?: { width: number; height: number }): Promise<Page> {
  return session.editor(hash, viewport);
}

/**
 * Front matter whose YAML aliases write out to a billion values, put before a post's own: nine lists of ten, each
 * of the one before. js-yaml reads them at once; the build and the editor refuse the file (content/aliases.ts).
 */
function withBillionLaughs(post: string): string {
  const lists = 'abcdefghi'.split('').map((name, i, names) => `${name}: &${name} [${Array(10).fill(i ? `*${names[i - 1]}` : '"x"').join(', ')}]`);
  return post.replace(/^---\n/, `---\n${lists.join('\n')}\n`);
}

/** The editor signed in, without site serve's script, which would cover it with a failed build's report: as on the live site. */
async function editorWithoutReport(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await session.newPage(viewport);
  await page.context().route(/\/__site\/client\.js/, (route) => route.abort());
  await page.goto(`${dev.url}/admin/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByText('Collections').first().waitFor();
  return page;
}

test('the editor lists the collections generated from the schemas, with readable labels and hints', async () => {
  const page = await editor('#/collections/settings');
  for (const label of ['Business and settings', 'Blog posts', 'Cities', 'Services', 'Languages', 'Page copy', 'Long pages']) {
    await page.getByRole('link', { name: label }).first().waitFor();
  }
  await page.getByText('Plans and prices').waitFor();
  await page.screenshot({ path: path.join(shots, 'editor-collections-1280.png') });
  await page.goto(`${dev.url}/admin/#/collections/services/entries/passports`);
  await page.getByLabel('Service name').waitFor();
  // A description from the schema shows under its field.
  await page.getByText('Position on /services.', { exact: true }).first().waitFor();
  await page.screenshot({ path: path.join(shots, 'editor-service-1280.png') });
});

test('changing a city population writes that one value to disk, and the open city page reloads with it', async () => {
  const file = 'content/cities/perth.json';
  const before = site.read(file);
  const cityPage = await session.newPage();
  await cityPage.goto(`${dev.url}/cities/perth`);
  assert.ok((await cityPage.locator('main').innerText()).includes('2.3 million'));

  const page = await editor('#/collections/cities/entries/perth');
  await page.getByLabel('Population').fill('2.4 million');
  await page.screenshot({ path: path.join(shots, 'editor-city-1280.png') });
  // Decap scrolls inside its own pane, so the lists get a picture of their own.
  await page.getByText('Popular documents', { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'editor-city-lists-1280.png') });
  // The rebuild the save starts takes as long as the machine is busy: it is waited for as the event it is, with
  // a limit far beyond any busy machine's only so that a rebuild that never comes fails here rather than holding
  // the suite until the runner stops it.
  let rebuilt: RebuildOutcome | undefined;
  dev.onRebuild((outcome) => {
    if (!rebuilt && (!outcome.ok || outcome.changed.includes('cities/perth.html'))) rebuilt = outcome;
  });
  await publish(page);
  await until(() => site.read(file) !== before, 'perth.json to change');
  assert.is(site.read(file), before.replace('"population": "2.3 million"', '"population": "2.4 million"'), 'only the population changed, in the file\'s own layout');
  await until(() => rebuilt !== undefined, 'a rebuild of /cities/perth after the save', 5 * 60_000);
  assert.ok(rebuilt!.ok, 'the save was rebuilt');
  await cityPage.waitForFunction(() => document.querySelector('main')?.innerText.includes('2.4 million'), undefined, { timeout: 20_000 });
});

test('"Insert a fact" puts the placeholder where the cursor was, and the line under the field shows what the site will, at 375 px (touch) and 1280 px', async () => {
  const plans = site.json<{ plans: { id: string; price: string }[] }>('content/plans.json').plans;
  const price = plans.find((plan) => plan.id === 'self-service')!.price;
  for (const [width, hasTouch] of [[375, true], [1280, false]] as const) {
    const page = await session.editor('#/collections/cities/entries/hobart', { width, height: 800 }, { hasTouch });
    const field = page.getByLabel('Tagline (optional)', { exact: true }).first();
    await field.fill('Certified from , and fast.');
    // The cursor after "from ", not at either end: inserted at the start or the end, the test fails.
    await field.evaluate((input: HTMLInputElement) => input.setSelectionRange(15, 15));
    const button = page.locator('#site-insert-fact');
    await (hasTouch ? button.tap() : button.click());
    const option = page.getByRole('dialog', { name: 'Insert a fact' }).getByRole('button').filter({ hasText: '{{plans.self-service.price}}' });
    await (hasTouch ? option.tap() : option.click());
    assert.is(await field.inputValue(), 'Certified from {{plans.self-service.price}}, and fast.', `${width} px`);
    await page.getByText(`On the site: Certified from ${price}, and fast.`).waitFor();
    // Typing goes on after the placeholder.
    await page.keyboard.type(' today');
    assert.is(await field.inputValue(), 'Certified from {{plans.self-service.price}} today, and fast.', `${width} px`);
  }
});

test('a field tapped at the screen\'s foot, under "Insert a fact", is brought above it, and stays there when a fact goes in, at 375 px (touch) and 1280 px', async () => {
  for (const [width, hasTouch] of [[375, true], [1280, false]] as const) {
    const page = await session.editor('#/collections/cities/entries/hobart', { width, height: 800 }, { hasTouch });
    const field = page.getByLabel('Tagline (optional)', { exact: true }).first();
    await field.waitFor();
    const button = page.locator('#site-insert-fact');
    // Scroll whichever box scrolls the form until the field's foot is 10 px above the screen's, under the button.
    await field.evaluate((input) => {
      const by = input.getBoundingClientRect().bottom - innerHeight + 10;
      for (let box = input.parentElement; box; box = box.parentElement) {
        const before = box.scrollTop;
        box.scrollTop += by;
        if (box.scrollTop !== before) return;
      }
    });
    const clear = async (when: string) => {
      const [input, floating] = await Promise.all([field.boundingBox(), button.boundingBox()]);
      assert.ok(input && floating && input.y + input.height <= floating.y, `${width} px, ${when}: the field (${input?.y}–${input && input.y + input.height}) is above "Insert a fact" (from ${floating?.y})`);
    };
    // Tapped where the button leaves it room, at its top edge.
    await (hasTouch ? field.tap({ position: { x: 20, y: 4 } }) : field.click({ position: { x: 20, y: 4 } }));
    await clear('tapped');
    await field.press('End');
    await (hasTouch ? button.tap() : button.click());
    const option = page.getByRole('dialog', { name: 'Insert a fact' }).getByRole('button').filter({ hasText: '{{plans.self-service.price}}' });
    await (hasTouch ? option.tap() : option.click());
    assert.match(await field.inputValue(), /\{\{plans\.self-service\.price\}\}$/, `${width} px`);
    await clear('after the fact went in');
  }
});

test('a number where a price is required is refused with the build\'s message, and the file is unchanged', async () => {
  const file = 'content/plans.json';
  const before = site.read(file);
  const page = await editor('#/collections/settings/entries/plans');
  await page.locator('[class*=SortableListItem]').filter({ hasText: 'Self-Service Extract' }).locator('button').first().click();
  await page.getByLabel('Price', { exact: true }).first().fill('44.95');
  await publish(page);
  // The refusal stays on screen in plain words, beside the field and in a panel, with the file, line and
  // field's path as a detail: not only in Decap's notice, which goes after ten seconds.
  const panel = page.locator('#site-refusal');
  await panel.waitFor();
  assert.match(await panel.innerText(), /Price: “44\.95” does not have the expected form\. A price in Australian dollars, such as \$44\.95\./);
  const note = page.locator('[data-site-problem]').first();
  assert.match(await note.innerText(), /^Price: “44\.95” does not have the expected form/);
  assert.match((await note.locator('code').textContent()) ?? '', /^content\/plans\.json:\d+:\d+ \/plans\/0\/price$/);
  await page.getByText('Failed to persist entry', { exact: false }).first().waitFor({ state: 'detached', timeout: 3000 });
  assert.ok(await panel.isVisible(), 'still shown after Decap\'s notice has gone');
  await page.screenshot({ path: path.join(shots, 'editor-refused-1280.png') });
  assert.is(site.read(file), before);
});

test('a required field left empty: Decap marks it and keeps the entry unsaved, with no uncaught error on the page; any other rejection still counts', async () => {
  const file = 'content/cities/perth.json';
  const before = site.read(file);
  for (const width of [1280, 375]) {
    const page = await editor('#/collections/cities/entries/perth', { width, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const population = page.getByLabel('Population');
    await population.fill('');
    await publish(page);
    // Decap's own "fix the errors" state: the field's message beside its label, and its notice.
    await page.getByText('Population is required.').waitFor();
    await page.getByText("Oops, you've missed a required field.", { exact: false }).first().waitFor();
    // Published twice: each attempt is the same field check.
    await publish(page);
    await population.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(shots, `editor-required-empty-${width}.png`) });
    assert.equal(errors, [], `no uncaught error at ${width} px`);
    assert.is(site.read(file), before);
    // Narrow: a rejection with a reason, or one with none while the form shows no field errors, is still reported.
    await page.evaluate(() => void Promise.reject(new Error('another failure')));
    await until(() => errors.length === 1, 'the other failure to be reported');
    await population.fill('2.3 million');
    await page.getByText('Population is required.').waitFor({ state: 'detached' });
    await page.evaluate(() => void Promise.reject());
    await until(() => errors.length === 2, 'a rejection with no reason, outside the field check, to be reported');
    // Those two were made on purpose; any other still counts.
    session.problems.splice(0, session.problems.length, ...session.problems.filter((p) => !/^page error: (another failure|undefined)$/.test(p)));
  }
});

test('a new blog post with a new picture: an ASCII file name, the picture saved and processed like any other, on /blog and in the sitemap', async () => {
  const page = await editor('#/collections/blog/new');
  await page.getByLabel('Title', { exact: true }).fill('Partner visa checklist: café receipts and te reo Māori letters');
  await page.getByLabel('Excerpt').fill('Which relationship documents need a certified translation for a partner visa, and how to prepare them.');
  // A date picker: the browser's own, which cannot offer a day that does not exist; the file gets dd/mm/yyyy.
  await page.getByLabel('Date', { exact: true }).fill('2026-11-20');
  await page.getByLabel('Author').fill('Priya Raman, Senior Translation Coordinator');
  await page.getByLabel('Category').click();
  await page.getByText('Immigration', { exact: true }).click();
  // A picture from the staff member's computer, uploaded with the post.
  const picture = path.join(site.root, 'partner-visa.png');
  await sharp({ create: { width: 1200, height: 750, channels: 3, background: '#2d6a8f' } }).png().toFile(picture);
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await page.locator('input[type="file"]').setInputFiles(picture);
  await page.getByText('partner-visa.png').first().waitFor();
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await page.getByLabel(/^Picture description/).fill('A passport beside a translated marriage certificate');
  // Icons are a searchable list of the valid names.
  await page.getByLabel('Icon').fill('heart-hand');
  await page.getByText('heart-handshake', { exact: true }).click();
  const body = page.locator('[data-slate-editor="true"]').first();
  await body.click();
  await page.keyboard.type('Bring every page of your marriage certificate, and a translation of each one.');
  await page.screenshot({ path: path.join(shots, 'editor-new-post-1280.png'), fullPage: true });
  // The post's page is not there until its build ends: any request for it before then is answered 404, as it
  // would be by a slower build.
  const postPage = '**/blog/partner-visa-checklist-cafe-receipts-and-te-reo-maori-letters';
  await page.route(postPage, (route) => route.fulfill({ status: 404, contentType: 'text/html', body: 'Not built yet' }));
  await publish(page);

  const file = 'content/blog/partner-visa-checklist-cafe-receipts-and-te-reo-maori-letters.md';
  await until(() => fs.existsSync(path.join(site.root, file)), `${file} to be written`);
  const text = site.read(file);
  assert.match(text, /^---\ntitle: "Partner visa checklist: café receipts and te reo Māori letters"\n/);
  assert.match(text, /\ndate: "20\/11\/2026"\n/);
  // Uploaded to the one media library, assets/images/, where the build reads every picture.
  assert.match(text, /\n {2}src: "partner-visa\.png"\n/);
  assert.ok(fs.existsSync(path.join(site.root, 'assets/images/partner-visa.png')), 'the upload is in assets/images/');
  assert.match(text, /\nicon: "heart-handshake"\n/);
  assert.match(text, /\n---\n\nBring every page of your marriage certificate, and a translation of each one\.\n$/);
  await dev.settled();
  await page.unroute(postPage);
  // The editor, open since before the save, previews the post as its page, built since: the index of pages it
  // loaded does not have it, and before that was seen to, the preview was the plain one, without the site's look.
  // After Publish, Decap goes to the saved entry's address and loads it afresh, replacing the form: what is typed
  // before that load ends is lost (Decap's doing). So the change is typed again until it stays.
  await page.waitForURL(/#\/collections\/blog\/entries\/partner-visa-checklist/);
  const preview = page.frameLocator('#preview-pane').frameLocator('iframe[data-site-page="/blog/partner-visa-checklist-cafe-receipts-and-te-reo-maori-letters"]');
  // Asked for before its build ended (answered 404 above), the page still comes once built, with no change typed.
  await preview.locator('h1', { hasText: 'Partner visa checklist: café receipts' }).waitFor({ timeout: 30_000 });
  const title = page.getByLabel('Title', { exact: true });
  for (let tries = 0; ; tries++) {
    await title.fill('Partner visa checklist, edited');
    await page.waitForTimeout(1_000);
    if ((await title.inputValue()) === 'Partner visa checklist, edited') break;
    assert.ok(tries < 10, 'the title change stays once Decap has loaded the saved entry');
  }
  await preview.locator('h1', { hasText: 'Partner visa checklist, edited' }).waitFor({ timeout: 30_000 });
  await preview.locator('header .site-logo, header a[href="/"]').first().waitFor();
  const blog = await session.newPage();
  await blog.goto(`${dev.url}/blog/partner-visa-checklist-cafe-receipts-and-te-reo-maori-letters`);
  // The upload went through the build's image pipeline: modern formats at the site's widths.
  // The image and the post are two writes, so the watcher may rebuild twice; the open page reloads itself after
  // each rebuild, until the one that includes the picture.
  await blog.locator('picture.article-image source[type="image/avif"]').first().waitFor({ state: 'attached', timeout: 60_000 });
  const sources = await blog.locator('picture.article-image source').evaluateAll((els) => els.map((e) => e.getAttribute('srcset') ?? ''));
  assert.ok(sources.some((s) => /partner-visa.*\.avif/.test(s)), `an AVIF of the upload: ${sources.join(' | ')}`);
  // sharp's outputs of the upload are in the build, as for any other picture.
  const built = fs.readdirSync(path.join(site.root, 'dist/assets/images')).filter((n) => n.startsWith('partner-visa.'));
  for (const ext of ['avif', 'webp']) assert.ok(built.some((n) => n.endsWith(`.${ext}`)), `a ${ext} of the upload in dist/assets/images: ${built.join(', ')}`);
  const sitemap = fs.readFileSync(path.join(site.root, 'dist/sitemap.xml'), 'utf8');
  assert.match(sitemap, /\/blog\/partner-visa-checklist-cafe-receipts-and-te-reo-maori-letters<\/loc>/);
});

test('a file whose bytes are not the image its name says is refused at the upload, named with what is wrong, not kept as a draft until Publish', async () => {
  const page = await editor('#/collections/blog/new');
  await page.getByLabel('Title', { exact: true }).waitFor();
  // Text saved under an image's name: with an entry open, Decap keeps an upload in the browser until Publish.
  const fake = path.join(site.root, 'not-really.png');
  fs.writeFileSync(fake, 'meeting notes, not a picture\n');
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await page.locator('input[type="file"]').setInputFiles(fake);
  const panel = page.locator('#site-refusal');
  await panel.waitFor();
  assert.match(await panel.innerText(), /Not uploaded[\s\S]*not-really\.png: its content is not a PNG image/);
  // Not in the library, not even as a draft; a real picture chosen after it goes in as before.
  const picture = path.join(site.root, 'real-picture.png');
  await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2d6a8f' } }).png().toFile(picture);
  await page.locator('input[type="file"]').setInputFiles(picture);
  await page.getByText('real-picture.png').first().waitFor();
  assert.is(await page.getByRole('dialog').getByText('not-really.png').count(), 0, 'the refused file is not in the media library');
  assert.not.ok(fs.existsSync(path.join(site.root, 'assets/images/not-really.png')));
});

/** The entry at `hash` opened (its form shown once `label`'s field is), Delete entry pressed and confirmed, and the refusal panel up. */
async function deleteRefused(hash: string, label: string) {
  const page = await editor(hash);
  await page.getByLabel(label, { exact: true }).first().waitFor();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete entry' }).click();
  const panel = page.locator('#site-refusal');
  await panel.waitFor();
  return { page, panel };
}

test('deleting a language a city uses is refused, naming the city, and the refusal stays on screen', async () => {
  const file = 'content/languages/swahili.json';
  const before = site.read(file);
  const { page, panel } = await deleteRefused('#/collections/languages/entries/swahili', 'Name');
  assert.match(await panel.innerText(), /content\/cities\/newcastle\.json still refers to content\/languages\/swahili\.json/);
  // A problem in another file has no field on this form to go to: plain text, the panel's one button is Hide.
  assert.is(await panel.getByRole('button').count(), 1);
  await page.screenshot({ path: path.join(shots, 'editor-delete-refused-1280.png') });
  assert.is(site.read(file), before);
});

test('deleting a service other services list as related is refused naming them, and no field of the open service is marked: the problems are in the other files', async () => {
  // Each problem's path (/related/2) is in another service's file; the open service, of the same schema, has a
  // Related list too, whose items hold valid slugs.
  const file = 'content/services/passports.json';
  const before = site.read(file);
  const { page, panel } = await deleteRefused('#/collections/services/entries/passports', 'Related');
  assert.match(await panel.innerText(), /content\/services\/birth-certificates\.json.* still refer to content\/services\/passports\.json/s);
  const marked = await page.evaluate(() => ({
    outlined: document.querySelectorAll('[data-site-marked]').length,
    beside: [...document.querySelectorAll('[data-site-problem]')].filter((n) => !n.closest('#site-refusal')).map((n) => n.textContent),
  }));
  assert.equal(marked, { outlined: 0, beside: [] }, 'no field of the open entry is marked for a problem in another file');
  assert.is(await panel.getByRole('button').count(), 1, 'the panel\'s one button is Hide: no problem has a field here to go to');
  assert.is(site.read(file), before);
});

test('a value changed and changed back, saved each time, leaves the file byte-identical to how it began', async () => {
  // payslips.json keeps short arrays on one line, which Decap's two-space JSON would spread out. Decap will not
  // publish an entry with no change, so the round trip is two saves.
  const file = 'content/services/payslips.json';
  const before = site.read(file);
  const page = await editor('#/collections/services/entries/payslips');
  const name = page.getByLabel('Service name');
  const original = await name.inputValue();
  await name.fill(`${original} and wage slips`);
  await publish(page);
  await until(() => site.read(file) !== before, 'the first save');
  assert.is(site.read(file), before.replace(`"serviceName": ${JSON.stringify(original)}`, `"serviceName": ${JSON.stringify(`${original} and wage slips`)}`));
  const again = await editor('#/collections/services/entries/payslips');
  const field = again.getByLabel('Service name');
  assert.is(await field.inputValue(), `${original} and wage slips`);
  await field.fill(original);
  await publish(again);
  await until(() => site.read(file) === before, 'the second save to restore the file byte for byte');
});

test('two tabs on one entry: the later save is refused saying the file changed, not written over the earlier one; a tab saves twice', async () => {
  const file = 'content/cities/perth.json';
  const before = site.read(file);
  const [first, second] = await Promise.all([editor('#/collections/cities/entries/perth'), editor('#/collections/cities/entries/perth')]);
  await Promise.all([first.getByLabel('Population').waitFor(), second.getByLabel('Population').waitFor()]);
  await second.getByLabel('Population').fill('2.6 million');
  await publish(second);
  await until(() => site.read(file) !== before, 'the second tab\'s save');
  const saved = site.read(file);
  assert.ok(saved.includes('"population": "2.6 million"'));
  await first.getByLabel('Tagline').fill('Changed in the first tab');
  await publish(first);
  await first.getByText(/perth\.json has changed since you opened it/).first().waitFor();
  assert.is(site.read(file), saved, 'the second tab\'s change is still there, and the first tab\'s is not written over it');
  // The refusal names no field, and stays on screen in the editor's own panel after Decap's notice has gone.
  const panel = first.locator('#site-refusal');
  await panel.waitFor();
  assert.match(await panel.innerText(), /content\/cities\/perth\.json has changed since you opened it \(saved in another tab or window, or by hand\)\. Your changes are still in the form/);
  // It names no field: plain text, the panel's one button is Hide.
  assert.is(await panel.getByRole('button').count(), 1);
  await first.getByText('Failed to persist entry', { exact: false }).first().waitFor({ state: 'detached', timeout: 3000 });
  assert.ok(await panel.isVisible(), 'still shown after Decap\'s notice has gone');
  assert.is(await first.getByLabel('Tagline').inputValue(), 'Changed in the first tab', 'what was typed is still in the form');
  await first.screenshot({ path: path.join(shots, 'editor-conflict-refused-1280.png') });
  // The tab that saved saves again: its own save is not taken for someone else's.
  // Typed as staff do, the old value selected first.
  await second.getByLabel('Population').click();
  await second.keyboard.press('ControlOrMeta+A');
  await second.keyboard.type('2.7 million');
  await publish(second);
  await until(() => site.read(file).includes('"population": "2.7 million"'), 'the second tab\'s second save');
  assert.is(site.read(file), before.replace(/"population": "[^"]+"/, '"population": "2.7 million"'));
  fs.writeFileSync(path.join(site.root, file), before);
});

test('two tabs on one entry: deleting it in the tab opened before the other saved is refused saying the file changed, and the newer work stays; a file already gone is named as gone', async () => {
  const file = 'content/blog/delete-me.md';
  const opened = site.read('content/blog/naati-certified-translations-immigration.md').replace(/featured: true\n/, '');
  site.write(file, opened);
  await dev.settled();
  const [first, second] = await Promise.all([editor('#/collections/blog/entries/delete-me'), editor('#/collections/blog/entries/delete-me', { width: 375, height: 800 })]);
  await Promise.all([first.getByLabel('Excerpt').waitFor(), second.getByLabel('Excerpt').waitFor()]);
  await second.getByLabel('Excerpt').fill('Saved in the second tab, after the first opened the post.');
  await publish(second);
  await until(() => site.read(file) !== opened, 'the second tab\'s save');
  const saved = site.read(file);
  first.once('dialog', (dialog) => void dialog.accept());
  await first.getByRole('button', { name: 'Delete entry' }).click();
  const panel = first.locator('#site-refusal');
  await panel.waitFor();
  assert.match(await panel.innerText(), /content\/blog\/delete-me\.md has changed since you opened it \(saved in another tab or window, or by hand\)\. Reload the page to see it as it is now/);
  await first.screenshot({ path: path.join(shots, 'editor-delete-conflict-1280.png') });
  assert.is(site.read(file), saved, 'the second tab\'s work is not deleted');
  // The tab that saved deletes it: its own save is not taken for someone else's. Then it is gone from under the first.
  second.once('dialog', (dialog) => void dialog.accept());
  await second.getByRole('button', { name: 'Delete entry' }).click();
  await until(() => !fs.existsSync(path.join(site.root, file)), 'the second tab\'s deletion');
  first.once('dialog', (dialog) => void dialog.accept());
  await first.getByRole('button', { name: 'Delete entry' }).click();
  await first.getByText(/delete-me\.md is not there any more/).first().waitFor();
  assert.match(await panel.innerText(), /content\/blog\/delete-me\.md is not there any more \(deleted or renamed in another tab or window, or by hand\)\. Reload the page to see the entries as they are now\./);
  await first.setViewportSize({ width: 375, height: 800 });
  const fits = await first.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth, panel: document.getElementById('site-refusal')!.getBoundingClientRect().right }));
  assert.ok(fits.scroll <= fits.inner && fits.panel <= fits.inner, `the refusal fits a phone: ${JSON.stringify(fits)}`);
  await first.screenshot({ path: path.join(shots, 'editor-delete-gone-375.png') });
});

test("a post whose front matter YAML aliases write out to a billion values, or that holds itself through one, is refused as it opens, in the build's words, and the tab stays responsive; the list still shows the other posts", async () => {
  // js-yaml reads such front matter at once, but Decap walked every value as it listed the posts or opened this
  // one, and the tab stopped responding. The build refuses both files (content/aliases.ts).
  const post = site.read('content/blog/naati-certified-translations-immigration.md').replace(/featured: true\n/, '');
  const files = { 'content/blog/laughs.md': withBillionLaughs(post), 'content/blog/loops.md': post.replace(/^---\n/, '---\nlinks: &links ["a", *links]\n') };
  for (const [file, text] of Object.entries(files)) site.write(file, text);
  await dev.settled();
  try {
    const page = await editorWithoutReport();
    const said = {
      laughs: 'content/blog/laughs.md /d holds more than 10,000 values once its YAML aliases (*name) are written out. The editor does not open it',
      loops: 'content/blog/loops.md /links holds itself through a YAML alias (*name), so it never ends. The editor does not open it',
    };
    for (const [slug, words] of Object.entries(said)) {
      await page.goto(`${dev.url}/admin/#/collections/blog/entries/${slug}`);
      const refusal = page.locator('h3', { hasText: words });
      await refusal.waitFor();
      assert.is(await refusal.innerText(), `${words}, as the page would stop responding. Write each value out in full in the file itself, without anchors (&name) and aliases (*name); the site's build refuses the file as it is, too.`);
      await page.getByText(`Failed to load entry: ${words}`).first().waitFor();
      assert.is(await page.getByLabel('Excerpt').count(), 0, `${slug}: no form to publish over the file`);
    }
    await page.screenshot({ path: path.join(shots, 'editor-aliases-1280.png') });
    await page.goto(`${dev.url}/admin/#/collections/blog`);
    await page.getByText('NAATI Certified vs Standard Translations').first().waitFor();
    assert.is(await page.evaluate(() => document.title), 'Content editor | Wattle Translations', 'the tab answers');
    for (const [file, text] of Object.entries(files)) assert.is(site.read(file), text, `${file} unchanged`);
    // Decap logs what the list's format threw for each, then lists the post without its fields.
    const logged = session.problems.filter((p) => /YAML alias/.test(p));
    assert.ok(logged.length >= 2 && logged.every((p) => /The editor does not open it/.test(p)), logged.join('\n'));
    session.problems.splice(0, session.problems.length, ...session.problems.filter((p) => !logged.includes(p)));
  } finally {
    for (const file of Object.keys(files)) fs.rmSync(path.join(site.root, file));
    await dev.settled();
  }
});

test('a post whose front matter is not valid YAML is refused as it opens, naming the file, the problem and its line, with the link back; no empty form to publish over the file', async () => {
  // Decap opened such a post with an empty form (its format threw), and Publish would have written that over the file.
  const file = 'content/blog/colon.md';
  const text = site.read('content/blog/naati-certified-translations-immigration.md').replace(/featured: true\n/, '').replace(/^---\n/, '---\nsubtitle: Costs: $70\n');
  site.write(file, text);
  await dev.settled();
  const before = session.problems.length;
  try {
    const page = await editorWithoutReport();
    await page.goto(`${dev.url}/admin/#/collections/blog/entries/colon`);
    const refusal = page.locator('h3', { hasText: `${file} has front matter that is not valid YAML` });
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /at line 2, column \d+\. The editor does not open it: its form would be empty, and publishing that would write over the file\. Correct the file itself; the site's build refuses it as it is, too\.$/);
    assert.is(await page.getByLabel('Excerpt').count(), 0, 'no form to publish over the file');
    await page.getByRole('link', { name: 'Back to Blog posts' }).click();
    await page.getByText(`${file} (no title could be read from this file)`).waitFor();
    assert.is(site.read(file), text, 'the file is unchanged');
    // Decap logs what the list's format threw for the post, then lists it without its fields.
    const logged = session.problems.splice(before);
    assert.ok(logged.length >= 1 && logged.every((p) => p.includes('has front matter that is not valid YAML')), logged.join('\n'));
  } finally {
    fs.rmSync(path.join(site.root, file));
    await dev.settled();
  }
});

test('an entry that cannot be loaded keeps Decap\'s words, with a link back to its list that the keyboard reaches, and no "Insert a fact" over it, at 375 and 1280 px; its card in the list names its file; an entry\'s form still has the button', async () => {
  // Decap drew only its words, in a bare heading at the screen's edge, with no toolbar and so no way back to the
  // list, "Insert a fact" floated over a page with no field to put a fact in, and the list showed an empty card.
  const file = 'content/blog/laughs.md';
  const text = withBillionLaughs(site.read('content/blog/naati-certified-translations-immigration.md').replace(/featured: true\n/, ''));
  site.write(file, text);
  await dev.settled();
  try {
    for (const width of [375, 1280]) {
      const page = await editorWithoutReport({ width, height: width < 768 ? 800 : 900 });
      await page.goto(`${dev.url}/admin/#/collections/blog/entries/laughs`);
      await page.locator('h3', { hasText: 'content/blog/laughs.md /d holds more than 10,000 values' }).waitFor();
      await page.getByText('Failed to load entry: content/blog/laughs.md').first().waitFor();
      assert.is(await page.locator('#site-insert-fact').count(), 0, `${width} px: no "Insert a fact" where there is no field`);
      await page.getByRole('link', { name: 'Back to Blog posts' }).waitFor();
      // Clear of the screen's edges, and of Decap's notice while it shows (at the top on a phone).
      const link = await onTop(page, '[data-site-unloadable] > a');
      assert.ok(link.onTop, `${width} px: the link is on top, not under ${link.under.join(', ')}`);
      const box = await page.evaluate(() => {
        const words = document.querySelector('[data-site-unloadable] > h3')!.getBoundingClientRect();
        return { left: words.left, right: words.right, inner: innerWidth, scroll: document.documentElement.scrollWidth };
      });
      assert.ok(box.left >= 12 && box.right <= box.inner - 12 && box.scroll <= box.inner, `${width} px: the words have room round them: ${JSON.stringify(box)}`);
      await page.screenshot({ path: path.join(shots, `editor-unloadable-${width}.png`) });
      // Decap's notice, before it in the page, has a close button: the link is the next stop after it.
      const stops: string[] = [];
      for (let i = 0; i < 2 && !stops.includes('← Back to Blog posts'); i++) {
        await page.keyboard.press('Tab');
        stops.push(await page.evaluate(() => document.activeElement?.textContent ?? ''));
      }
      assert.ok(stops.includes('← Back to Blog posts'), `${width} px: Tab reaches the link: ${JSON.stringify(stops)}`);
      await page.keyboard.press('Enter');
      await page.getByText('NAATI Certified vs Standard Translations').first().waitFor();
      assert.is(new URL(page.url()).hash, '#/collections/blog');
      assert.is(await page.locator('#site-insert-fact').count(), 0, `${width} px: none on the list`);
      // Its card, which Decap lists without its fields, names its file rather than showing an empty box.
      const named = 'content/blog/laughs.md (no title could be read from this file)';
      await page.getByText(named, { exact: true }).waitFor();
      assert.is(await page.locator('a[href="#/collections/blog/entries/laughs"]').innerText(), named);
      await page.getByText('NAATI Certified vs Standard Translations').first().click();
      await page.getByLabel('Excerpt').waitFor();
      await page.locator('#site-insert-fact').waitFor();
    }
    assert.is(site.read(file), text, 'the file is left as it was');
    const logged = session.problems.filter((p) => /YAML alias/.test(p));
    session.problems.splice(0, session.problems.length, ...session.problems.filter((p) => !logged.includes(p)));
  } finally {
    fs.rmSync(path.join(site.root, file));
    await dev.settled();
  }
});

test('saving while the server is down: a clear message stays on screen, what was typed stays in the form, and publishing again once it is back saves it', async () => {
  const file = 'content/cities/adelaide.json';
  const before = site.read(file);
  const page = await editor('#/collections/cities/entries/adelaide');
  await page.getByLabel('Population').fill('1.5 million');
  const logged = session.problems.length;
  // The server stops answering (site serve stopped, or this computer offline): every call to it fails.
  await page.route(/\/admin\/api\/v1/, (route) => route.abort('connectionrefused'));
  await publish(page);
  const panel = page.locator('#site-refusal');
  await panel.waitFor();
  assert.match(await panel.innerText(), /Not saved\s+The editor could not reach the server, so nothing was written\. Check that site serve is still running/);
  assert.match(await panel.innerText(), /Your changes are still in the form/);
  assert.not.match(await panel.innerText(), /TypeError|Failed to fetch/);
  await page.getByText('Failed to persist entry', { exact: false }).first().waitFor({ state: 'detached', timeout: 3000 });
  assert.ok(await panel.isVisible(), 'still shown after Decap\'s notice has gone');
  assert.is(await page.getByLabel('Population').inputValue(), '1.5 million');
  assert.is(site.read(file), before);
  await page.screenshot({ path: path.join(shots, 'editor-server-down-1280.png') });
  // Decap logs the failed fetch this test caused on purpose; any other error still counts.
  const own = session.problems.splice(logged).filter((p) => !/^TypeError: Failed to fetch\n[^]*persistEntry/.test(p));
  session.problems.push(...own);
  await page.unroute(/\/admin\/api\/v1/);
  await publish(page);
  await until(() => site.read(file) !== before, 'the save once the server answers');
  await panel.waitFor({ state: 'detached' });
  assert.is(site.read(file), before.replace(/"population": "[^"]+"/, '"population": "1.5 million"'));
  site.write(file, before);
});

test('changing the address from one entry straight to another shows the other entry, not an empty form', async () => {
  const page = await editor('#/collections/cities/entries/perth');
  await page.getByLabel('Population').waitFor();
  assert.is(await page.getByLabel('Name', { exact: true }).first().inputValue(), 'Perth');
  await page.goto(`${dev.url}/admin/#/collections/cities/entries/newcastle`);
  await page.waitForFunction(() => (document.querySelector('input[id^="name-field-"]') as HTMLInputElement | null)?.value === 'Newcastle', undefined, { timeout: 30_000 });
  assert.ok((await page.getByLabel('Population').inputValue()).length > 0, 'the form is filled');
});

test('one media library: existing pictures show as real thumbnails, the Media tab and an image field list every folder, and a picture picked from a folder keeps its folder', async () => {
  const page = await editor('#/collections/cities/entries/perth');
  await page.getByLabel('Tagline').waitFor();
  // The field's thumbnail is Perth's picture (1200 px wide), not Decap's empty placeholder.
  const thumb = page.locator('img[role="presentation"]').first();
  await page.waitForFunction(() => ((document.querySelector('img[role="presentation"]') as HTMLImageElement | null)?.naturalWidth ?? 0) >= 1200, undefined, { timeout: 20_000 });
  await thumb.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'editor-thumbnail-1280.png') });
  await page.getByText('Choose different image').first().click();
  await page.getByPlaceholder('Search...').fill('passports');
  await page.getByText('services/passports.svg').first().click();
  await page.screenshot({ path: path.join(shots, 'editor-media-library-1280.png') });
  await page.getByRole('button', { name: 'Choose selected' }).click();
  const file = 'content/cities/perth.json';
  const before = site.read(file);
  await publish(page);
  await until(() => site.read(file) !== before, 'perth.json to change');
  assert.is(site.json<{ image: { src: string } }>(file).image.src, 'services/passports.svg');
  site.write(file, before);
  // The Media tab lists the same pictures, folders and all.
  const media = await editor('#/collections/cities');
  await media.getByText('Media', { exact: true }).first().click();
  await media.getByText('logo.svg', { exact: true }).first().waitFor();
  // The list shows what fits; the search finds the rest.
  await media.getByPlaceholder('Search...').fill('perth');
  await media.getByText('cities/perth.svg').first().waitFor();
  await media.screenshot({ path: path.join(shots, 'editor-media-tab-1280.png') });
});

test('the preview is the entry\'s own page (its template and the site\'s CSS), and a change shows in it before saving', async () => {
  const page = await editor('#/collections/cities/entries/perth');
  const tagline = page.getByLabel('Tagline');
  await tagline.waitFor();
  const frame = page.frameLocator('#preview-pane').frameLocator('iframe[data-site-page="/cities/perth"]');
  // The page's own parts: the breadcrumb and the city's heading, drawn with the site's stylesheet.
  await frame.getByRole('heading', { level: 1 }).filter({ hasText: 'Perth' }).waitFor();
  await frame.getByText('Perth, Western Australia').first().waitFor();
  const styled = await frame.locator('link[rel="stylesheet"]').first().getAttribute('href');
  assert.match(styled ?? '', /^\/assets\/.+\.css$/);
  await tagline.fill('Certified translations for all of Western Australia, checked before you save');
  await frame.getByText('Certified translations for all of Western Australia, checked before you save').waitFor();
  assert.is(await frame.getByText('no matter the time difference').count(), 0, 'the old text is gone from the preview');
  await page.screenshot({ path: path.join(shots, 'editor-preview-1280.png') });
  assert.is(site.read('content/cities/perth.json').includes('checked before you save'), false, 'nothing was saved');
});

test('on a phone (375 px, touch) a "Preview" button brings the preview under the form into view, and "Back to the form" returns to the field being edited, with its focus; at 1280 px, where the preview is beside the form, there is no such button', async () => {
  for (const width of [375, 1280]) {
    const phone = width < 800;
    const page = await session.editor('#/collections/pages/entries/home', { width, height: phone ? 800 : 900 }, { hasTouch: phone, isMobile: phone });
    await page.locator('iframe#preview-pane').waitFor();
    const jump = page.getByRole('button', { name: 'Preview', exact: true });
    if (!phone) {
      await page.getByLabel('Title', { exact: true }).first().waitFor();
      assert.is(await jump.count(), 0, 'at 1280 px there is no Preview button');
      const side = await page.evaluate(() => [document.querySelector('.SplitPane .Pane1')!.getBoundingClientRect().right, document.querySelector('.SplitPane .Pane2')!.getBoundingClientRect().left]);
      assert.ok(side[1] >= side[0] - 1, `at 1280 px the preview is beside the form: ${JSON.stringify(side)}`);
      continue;
    }
    // A field some way down the form, tapped as staff do and typed in.
    const field = page.locator('[class*="-ControlPaneContainer"] input[type="text"]:visible').nth(12);
    await field.scrollIntoViewIfNeeded();
    await field.tap();
    await field.press('End');
    await field.type('!');
    const at = await field.evaluate((el) => el.getBoundingClientRect().top);
    const size = await jump.boundingBox();
    assert.ok(size && size.height >= 44 && size.width >= 44, `the button is a 44 px target: ${JSON.stringify(size)}`);
    const seen = await onTop(page, '#site-preview-jump');
    assert.ok(seen.onTop, `the Preview button is on top: ${JSON.stringify(seen)}`);
    await jump.tap();
    const preview = await page.evaluate(() => ({ top: document.querySelector('.SplitPane .Pane2')!.getBoundingClientRect().top, toolbar: document.querySelector('[class*="-ToolbarContainer"]')!.getBoundingClientRect().bottom }));
    assert.ok(preview.top >= preview.toolbar - 1 && preview.top < 800 / 2, `the preview's top is in view, under the toolbar: ${JSON.stringify(preview)}`);
    await page.screenshot({ path: path.join(shots, 'editor-preview-jump-375.png') });
    const back = page.getByRole('button', { name: 'Back to the form', exact: true });
    assert.ok(await back.isVisible(), 'the button now reads "Back to the form"');
    assert.is(await page.locator('#site-insert-fact').isVisible(), false, '"Insert a fact" steps aside while the preview fills the screen');
    await back.tap();
    const again = await field.evaluate((el) => ({ top: el.getBoundingClientRect().top, focused: el === document.activeElement }));
    assert.ok(Math.abs(again.top - at) <= 1, `the field is back where it was (${at}): ${JSON.stringify(again)}`);
    assert.ok(again.focused, 'the field has its focus again');
    assert.ok(await jump.isVisible(), 'the button reads "Preview" again');
    await page.screenshot({ path: path.join(shots, 'editor-preview-back-375.png') });
  }
});

test('a new post is previewed in the post page\'s own template: what is typed shows, no other post\'s words do, and what is not filled in yet is marked', async () => {
  const page = await editor('#/collections/blog/new');
  const title = page.getByLabel('Title', { exact: true });
  await title.waitFor();
  const frame = page.frameLocator('#preview-pane').frameLocator('iframe[data-site-new-page="content/blog"]');
  await frame.getByText('New page — as it will look once saved').waitFor();
  // The post page's own parts, drawn with the site's stylesheet; the form is empty, so each part says so.
  await frame.getByRole('heading', { level: 1, name: 'Title: not filled in yet' }).waitFor();
  assert.match((await frame.locator('link[rel="stylesheet"]').first().getAttribute('href')) ?? '', /^\/assets\/.+\.css$/);
  for (const part of ['Category', 'Author', 'Picture', 'Text']) assert.is(await frame.getByText(`${part}: not filled in yet`).count(), 1, `${part} is marked as not filled in yet`);
  await title.fill('Translating a payslip for a home loan application');
  await page.getByLabel('Author').fill('Sam Nguyen, Translation Coordinator');
  await page.getByLabel('Date', { exact: true }).fill('2026-11-27');
  await page.getByLabel('Category').click();
  await page.getByText('Immigration', { exact: true }).click();
  await page.locator('[data-slate-editor="true"]').first().click();
  await page.keyboard.type('Lenders read every line of a payslip, so the translation keeps each figure where the original has it.');
  const article = frame.locator('article.article');
  await article.locator('.article-header h1', { hasText: 'Translating a payslip for a home loan application' }).waitFor();
  await article.locator('.article-body p', { hasText: 'Lenders read every line of a payslip' }).waitFor();
  await article.locator('.post-meta', { hasText: 'Sam Nguyen, Translation Coordinator' }).waitFor();
  await article.locator('.post-meta .category-badge', { hasText: 'Immigration' }).waitFor();
  await article.locator('.post-meta time[datetime="2026-11-27"]', { hasText: '27/11/2026' }).waitFor();
  assert.is(await frame.getByText('Picture: not filled in yet').count(), 1, 'the picture not chosen yet is marked');
  // No title or paragraph of any other post shows as this one's: the article holds no other post's title, and
  // the page none of their text ("More guides" links to other posts by their titles, as every post page does).
  const articleText = (await article.innerText()).replace(/\s+/g, ' ');
  const pageText = (await frame.locator('body').innerText()).replace(/\s+/g, ' ');
  const posts = fs.readdirSync(path.join(site.root, 'content/blog')).filter((n) => n.endsWith('.md'));
  assert.ok(posts.length >= 4, 'the fixture has posts to use as the skeleton');
  let checked = 0;
  for (const name of posts) {
    const text = site.read(`content/blog/${name}`);
    const postTitle = /^title: "(.*)"$/m.exec(text)![1];
    assert.not.ok(articleText.includes(postTitle), `the title of ${name} is not in the new post's article`);
    const paragraphs = text.split(/\n---\n/)[1].split(/\n\s*\n/).map((b) => b.trim()).filter((b) => b && !/[[\]*_`#>|-]/.test(b));
    for (const words of paragraphs) assert.not.ok(pageText.includes(words.slice(0, 60)), `text of ${name} is not in the preview: ${words.slice(0, 60)}`);
    checked += paragraphs.length;
  }
  assert.ok(checked >= 20, `enough of the other posts' paragraphs were looked for (${checked})`);
  await page.screenshot({ path: path.join(shots, 'editor-new-post-preview-1280.png') });
  await page.setViewportSize({ width: 1280, height: 2000 });
  await page.screenshot({ path: path.join(shots, 'editor-new-post-page-1280.png') });
  assert.is(fs.readdirSync(path.join(site.root, 'content/blog')).length, posts.length, 'nothing was saved');
});

test('a new city is previewed in the city page\'s template: its name in every heading the template makes from it, no other city\'s words', async () => {
  const page = await editor('#/collections/cities/new');
  const name = page.getByLabel('Name', { exact: true }).first();
  await name.waitFor();
  const frame = page.frameLocator('#preview-pane').frameLocator('iframe[data-site-new-page="content/cities"]');
  await frame.getByText('New page — as it will look once saved').waitFor();
  await name.fill('Ballarat');
  await page.getByLabel('State name').click();
  await page.getByText('Victoria', { exact: true }).click();
  await page.getByLabel('Tagline').fill('Certified translations for Ballarat and the Goldfields, ordered online');
  await page.getByLabel('Population').fill('120,000');
  // A language by its code, drawn as the site draws it.
  await page.getByLabel('Languages').fill('Italian');
  await page.getByText('Italian (it)', { exact: true }).click();
  const main = frame.locator('main');
  await main.locator('#languages a.language-card[href="/italian"]', { hasText: 'Italian' }).waitFor();
  await main.getByRole('heading', { level: 1, name: 'NAATI Certified Translations in Ballarat' }).waitFor();
  await main.locator('.eyebrow', { hasText: 'Ballarat, Victoria' }).waitFor();
  await main.getByText('Certified translations for Ballarat and the Goldfields, ordered online').waitFor();
  await main.locator('#about dd', { hasText: '120,000' }).waitFor();
  await main.getByRole('heading', { name: 'Popular languages in Ballarat' }).waitFor();
  for (const part of ['Description', 'Suburbs served', 'Picture']) assert.ok((await main.getByText(`${part}: not filled in yet`).count()) >= 1, `${part} is marked as not filled in yet`);
  // The skeleton city's own words are gone from the page: its name, state, and every text of its file.
  const shown = (await main.innerText()).replace(/\s+/g, ' ');
  const texts: string[] = [];
  const facts = site.read('content/facts.json');
  for (const name of fs.readdirSync(path.join(site.root, 'content/cities'))) {
    const city = site.json<Record<string, unknown>>(`content/cities/${name}`);
    const walk = (v: unknown): void => void (typeof v === 'string' ? texts.push(v) : v && typeof v === 'object' ? Object.values(v).forEach(walk) : undefined);
    walk({ tagline: city.tagline, description: city.description, suburbs: city.suburbs, localGuide: city.localGuide, localNotes: city.localNotes, popularDocuments: city.popularDocuments });
    // A city a fact names (the team works on Melbourne time) shows on every city's page.
    if (!facts.includes(String(city.name))) assert.not.ok(shown.includes(String(city.name)), `${String(city.name)} does not show on the new city's page`);
  }
  const long = texts.filter((t) => t.length > 30 && !t.includes('{{'));
  assert.ok(long.length > 50, `other cities' texts were looked for (${long.length})`);
  for (const t of long) assert.not.ok(shown.includes(t.slice(0, 50)), `no other city's text: ${t.slice(0, 50)}`);
  await page.screenshot({ path: path.join(shots, 'editor-new-city-preview-1280.png') });
  // The whole new page: the pane as tall as the page.
  await page.setViewportSize({ width: 1280, height: 4400 });
  await page.screenshot({ path: path.join(shots, 'editor-new-city-page-1280.png') });
});

test('no console errors and no Content-Security-Policy violations in the editor', () => {
  assert.equal(session.problems, []);
});

test.run();
