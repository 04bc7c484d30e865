// The forms before and without JavaScript: Chromium with JavaScript off posts the real forms
// natively and gets the site's own pages back: errors next to the fields with every value kept, the
// thank-you, the reCAPTCHA explanation with the other ways to reach us, the newsletter kept in the store. With
// JavaScript, the form is usable while its island loads, and what was typed before it woke survives hydration.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { open, trackPages, useBrowserAndSite, wake, type Site } from './browser.ts';
import { useMailSink, type MailSink } from '../helpers/mail.ts';

const test = suite('forms without JavaScript');

let browser: Browser;
let site: Site;
let sink: MailSink;

// The mail sink and the function's settings come first: the site reads them as it starts.
useMailSink(test, (s) => (sink = s));
useBrowserAndSite(test, (b, s) => ([browser, site] = [b, s]));
const { pages, problems } = trackPages(test);

async function visit(path: string, javaScript: boolean, width = 1280): Promise<Page> {
  const p = await open(browser, site, path, { javaScript, width });
  pages.push(p);
  return p.page;
}

const errorsShown = (page: Page) => page.locator('.field-error:not([hidden])').allTextContents().then((all) => all.map((t) => t.trim()));
const stored = (folder: string) => {
  const dir = path.join(site.fixture.root, '.data', 'forms', folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
};

for (const width of [1280, 375]) {
  test(`${width} px, JavaScript off, /pricing: a bad post comes back as the page with the messages beside the fields and every value kept; a good one thanks`, async () => {
    const page = await visit('/pricing', false, width);
    assert.ok(await page.locator('form.contact-form').isVisible(), 'the form is there without JavaScript');
    assert.is(await page.getByText('needs JavaScript').count(), 0);
    await page.locator('#enquiry-name').fill('T');
    await page.locator('#enquiry-email').fill('tom@');
    await page.locator('#enquiry-phone').fill('0491 570 156');
    await page.locator('#enquiry-enquiryType').selectOption('quote');
    await page.locator('#enquiry-subject').fill('Quote for forty pages');
    await page.locator('#enquiry-message').fill('Short');
    const [answer] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Send Message' }).click()]);
    assert.is(answer!.status(), 400);
    assert.match(await page.title(), /^Please check the form \| /);
    assert.ok(await page.getByRole('banner').isVisible(), "in the site's design: its header");
    assert.ok(await page.getByRole('contentinfo').isVisible(), 'and its footer');
    assert.equal(await errorsShown(page), ['Name must be at least 2 characters.', 'Please enter a valid email.', 'Message must be at least 10 characters.']);
    assert.is(await page.locator('#enquiry-name').getAttribute('aria-invalid'), 'true');
    assert.is(await page.locator('#enquiry-name').getAttribute('aria-describedby'), 'enquiry-name-error');
    assert.ok(await page.locator('#enquiry-name').evaluate((el) => el === document.activeElement), 'focus on the first field to fix');
    assert.is(await page.locator('#enquiry-name').inputValue(), 'T');
    assert.is(await page.locator('#enquiry-email').inputValue(), 'tom@');
    assert.is(await page.locator('#enquiry-phone').inputValue(), '0491 570 156');
    assert.is(await page.locator('#enquiry-enquiryType').inputValue(), 'quote');
    assert.is(await page.locator('#enquiry-subject').inputValue(), 'Quote for forty pages');
    assert.is(await page.locator('#enquiry-message').inputValue(), 'Short');

    const before = sink.received.length;
    await page.locator('#enquiry-name').fill('Tom Nguyen');
    await page.locator('#enquiry-email').fill('tom@example.org');
    await page.locator('#enquiry-message').fill(`Could you quote for forty pages of bank statements? (${width} px)`);
    const [thanks] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Send Message' }).click()]);
    assert.is(thanks!.status(), 200);
    await page.getByRole('heading', { name: 'Thank You for Your Message' }).waitFor();
    assert.is(sink.received.length - before, 1);
    assert.is(sink.received.at(-1)!.mail.subject, 'Website enquiry (Request a Quote): Quote for forty pages');
    const again = page.getByRole('link', { name: 'Send Another Message' });
    assert.is(await again.getAttribute('href'), '/pricing#enquiry-form');
    await Promise.all([page.waitForNavigation(), again.click()]);
    assert.is(await page.locator('#enquiry-name').inputValue(), '', 'back to an empty form');
  });
}

test('JavaScript off, /pricing: the same post twice (Back, then Send again) is mailed once', async () => {
  const page = await visit('/pricing', false);
  const before = sink.received.length;
  const fill = async () => {
    await page.locator('#enquiry-name').fill('Tom Nguyen');
    await page.locator('#enquiry-email').fill('tom@example.org');
    await page.locator('#enquiry-enquiryType').selectOption('support');
    await page.locator('#enquiry-subject').fill('Sent twice');
    await page.locator('#enquiry-message').fill('The upload page did not accept my PDF file.');
  };
  await fill();
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Send Message' }).click()]);
  await page.goto(`${site.url}/pricing`);
  await fill();
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Send Message' }).click()]);
  await page.getByRole('heading', { name: 'Thank You for Your Message' }).waitFor();
  assert.is(sink.received.slice(before).filter((r) => r.mail.subject?.includes('Sent twice')).length, 1);
});

for (const [path, variant] of [['/pricing', 'enquiry'], ['/contact', 'message']] as const) {
  test(`JavaScript off, ${path}: when the post fails before the function answers (the connection drops), Back finds every field as it was typed`, async () => {
    const page = await visit(path, false, 375);
    await page.route('**/.netlify/functions/send-email', (route) => route.abort('internetdisconnected'));
    const typed: Record<string, string> = { name: 'Tom Nguyen', email: 'tom@example.org', phone: '0491 570 156', subject: 'Quote for forty pages', message: 'Could you quote for forty pages of bank statements?' };
    for (const [field, value] of Object.entries(typed)) await page.locator(`#${variant}-${field}`).fill(value);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL(/^chrome-error:/);
    await page.goBack();
    for (const [field, value] of Object.entries(typed)) assert.is(await page.locator(`#${variant}-${field}`).inputValue(), value, `${field} is kept`);
  });
}

test('JavaScript off, /contact: the reCAPTCHA cannot run, so the answer says so, gives the email and phone, keeps the values and sends nothing', async () => {
  const page = await visit('/contact', false, 375);
  const before = sink.received.length;
  await page.locator('#message-name').fill('Amira Haddad');
  await page.locator('#message-email').fill('amira@example.org');
  await page.locator('#message-language').selectOption('ar');
  await page.locator('#message-subject').fill('Birth certificate');
  await page.locator('#message-message').fill('Please translate my Lebanese birth certificate for a partner visa.');
  const [answer] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Send Message' }).click()]);
  assert.is(answer!.status(), 400);
  const notice = page.getByRole('alert').filter({ hasText: 'needs JavaScript' });
  assert.ok(await notice.isVisible());
  assert.ok(await notice.evaluate((el) => el === document.activeElement), 'the notice has focus, so it is read first');
  const mail = notice.getByRole('link', { name: 'hello@example.com' });
  assert.match((await mail.getAttribute('href'))!, /^mailto:hello@example\.com\?subject=Birth%20certificate&body=Please%20translate/, 'the email link carries the message');
  assert.ok(await notice.getByRole('link', { name: '(03) 5550 4827' }).isVisible());
  assert.is(await page.locator('#message-name').inputValue(), 'Amira Haddad');
  assert.is(await page.locator('#message-language').inputValue(), 'ar');
  assert.match(await page.locator('#message-message').inputValue(), /Lebanese birth certificate/);
  assert.equal(await errorsShown(page), [], 'no field is wrong');
  assert.is(sink.received.length, before);
});

test('JavaScript off, /blog: the newsletter posts its address, which is kept once; a bad address comes back beside the field', async () => {
  const before = stored('subscribers').length;
  const page = await visit('/blog', false);
  await page.locator('#newsletter-email').fill('sam@example');
  const [bad] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Subscribe' }).click()]);
  assert.is(bad!.status(), 400);
  assert.ok(page.url().endsWith('/.netlify/functions/subscribe'), 'no address in the URL');
  assert.equal(await errorsShown(page), ['Please enter a valid email address.']);
  assert.is(await page.locator('#newsletter-email').inputValue(), 'sam@example');
  assert.ok(await page.locator('#newsletter-email').evaluate((el) => el === document.activeElement));
  await page.locator('#newsletter-email').fill('sam@example.org');
  const [good] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Subscribe' }).click()]);
  assert.is(good!.status(), 200);
  assert.ok(await page.getByText("Thank you. We'll email you when we publish a new guide.").isVisible());
  await page.goto(`${site.url}/blog`);
  await page.locator('#newsletter-email').fill('Sam@Example.org');
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Subscribe' }).click()]);
  assert.is(stored('subscribers').length - before, 1, 'one address, kept once');
});

test("a page of another site posting the newsletter form with a visitor's browser is refused, and nothing is kept", async () => {
  const before = stored('subscribers').length;
  // Another site (another port is another origin) with a form aimed at ours, as a page could make a visitor send.
  const other = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Elsewhere</title><form method="post" action="${site.url}/.netlify/functions/subscribe"><input name="email" value="victim@example.org"><button>Go</button></form>`);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
    const [answer] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Go' }).click()]);
    assert.is(answer!.status(), 403);
    assert.ok(await page.getByText("Sign-ups are taken only from this site's own form.").first().isVisible());
  } finally {
    await context.close();
    other.close();
  }
  assert.is(stored('subscribers').length, before, 'no address kept');
});

test('JavaScript on, /blog: the newsletter is sent in place, thanked, and kept', async () => {
  const before = stored('subscribers').length;
  const page = await visit('/blog', true, 375);
  await wake(page, 'newsletter');
  await page.locator('#newsletter-email').fill('lee@example.org');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.getByRole('status').filter({ hasText: "We'll email you when we publish a new guide." }).waitFor();
  assert.ok(page.url().endsWith('/blog'), 'still on the blog');
  assert.is(await page.locator('#newsletter-email').inputValue(), '', 'the form is cleared');
  assert.is(stored('subscribers').length - before, 1);
  await page.locator('#newsletter-email').fill('lee@example');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.locator('[data-newsletter-error]').filter({ hasText: 'Please enter a valid email address.' }).waitFor();
  assert.is(await page.locator('#newsletter-email').getAttribute('aria-invalid'), 'true');
  // The connection fails: the message says to try again, read with the box, which is not called invalid.
  await page.route('**/.netlify/functions/subscribe', (route) => route.abort('failed'));
  await page.locator('#newsletter-email').fill('lee@example.org');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.locator('[data-newsletter-error]').filter({ hasText: 'Please try again later.' }).waitFor();
  assert.is(await page.locator('#newsletter-email').getAttribute('aria-invalid'), null);
  assert.is(await page.locator('#newsletter-email').getAttribute('aria-describedby'), 'newsletter-email-error');
  assert.is(await page.locator('#newsletter-email').inputValue(), 'lee@example.org', 'what was typed is kept');
});

// Where the newsletter's message sits: directly under its box (a few px below the box's bottom) and above the
// Subscribe button, which wraps below the box on a phone, so the message is not read as the button's.
async function newsletterErrorPlace(page: Page): Promise<string[]> {
  const [box, error, button] = await Promise.all(['#newsletter-email', '[data-newsletter-error]', 'button[type="submit"]'].map((s) => page.locator(`form[data-newsletter] ${s}`).boundingBox()));
  if (!box || !error || !button) return ['the box, its message or the button is not shown'];
  const problems: string[] = [];
  const gap = error.y - (box.y + box.height);
  if (gap < 0 || gap > 12) problems.push(`the message starts ${Math.round(gap)} px below the box`);
  if (error.x < box.x - 1 || error.x > box.x + 1) problems.push(`the message starts ${Math.round(error.x - box.x)} px from the box's left edge`);
  if (button.y < box.y + box.height - 1 && button.x > box.x + box.width) return problems; // the button is beside the box
  if (error.y + error.height > button.y + 1) problems.push(`the message ends at ${Math.round(error.y + error.height)} px, below the button's top at ${Math.round(button.y)} px`);
  return problems;
}

for (const javaScript of [false, true]) {
  test(`375 px, JavaScript ${javaScript ? 'on' : 'off'}: the newsletter's message is directly under the email box, above the button`, async () => {
    const page = await visit('/blog', javaScript, 375);
    if (javaScript) await wake(page, 'newsletter');
    await page.locator('#newsletter-email').fill('sam@example');
    if (javaScript) await page.getByRole('button', { name: 'Subscribe' }).click();
    else await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Subscribe' }).click()]);
    await page.locator('[data-newsletter-error]').filter({ hasText: 'Please enter a valid email address.' }).waitFor();
    assert.is(await page.locator('#newsletter-email').getAttribute('aria-describedby'), 'newsletter-email-error');
    assert.equal(await newsletterErrorPlace(page), []);
  });
}

test('JavaScript on: while the island loads the form is there and usable, and what was typed survives hydration', async () => {
  // The island's module is held back from the first request on, as on a slow phone.
  const page = await visit('/faq', true);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/js/contact-form.*.js', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`${site.url}/contact`);
  await page.locator('#message-form').scrollIntoViewIfNeeded();
  assert.ok(await page.locator('form.contact-form').isVisible(), 'the form is shown while its script loads');
  // Visible ones: the chat's note for browsers without JavaScript is in the page, hidden while scripts run.
  assert.is(await page.getByText('needs JavaScript').filter({ visible: true }).count(), 0, 'and no notice says it needs JavaScript');
  assert.not.ok(await page.locator('site-island[data-island="contact-form"]').evaluate((el) => el.hasAttribute('data-mounted')), 'the island has not woken yet');
  await page.locator('#message-name').fill('Amira Haddad');
  await page.locator('#message-email').fill('amira@example.org');
  await page.locator('#message-language').selectOption('ar');
  await page.locator('#message-subject').fill('Typed before hydration');
  await page.locator('#message-message').fill('Typed while the script was still on its way.');
  release();
  await wake(page, 'contact-form');
  assert.is(await page.locator('#message-name').inputValue(), 'Amira Haddad');
  assert.is(await page.locator('#message-email').inputValue(), 'amira@example.org');
  assert.is(await page.locator('#message-language').inputValue(), 'ar');
  assert.is(await page.locator('#message-subject').inputValue(), 'Typed before hydration');
  assert.is(await page.locator('#message-message').inputValue(), 'Typed while the script was still on its way.');
  // The island owns the values now: a submit is checked in place (the captcha is not ticked), not posted.
  await page.getByRole('button', { name: 'Send Message' }).click();
  assert.equal(await errorsShown(page), ['Please complete the reCAPTCHA verification.']);
  assert.ok(page.url().endsWith('/contact'));
  await page.waitForFunction(() => Boolean((window as any).__captcha));
  const before = sink.received.length;
  await page.evaluate(() => (window as any).__captcha.callback('good-token'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('heading', { name: 'Thank You for Your Message' }).waitFor();
  assert.is(sink.received.at(before)!.mail.subject, 'Website message: Typed before hydration', 'the values typed before hydration were sent');
});

test('JavaScript on: an answer page to a native post hydrates with its errors and values, and the island takes over', async () => {
  const noScript = await visit('/pricing', false);
  await noScript.locator('#enquiry-name').fill('T');
  await noScript.locator('#enquiry-subject').fill('Quote please');
  await Promise.all([noScript.waitForNavigation(), noScript.getByRole('button', { name: 'Send Message' }).click()]);
  const html = await noScript.content();
  // The same answer, opened by a browser with JavaScript, as a visitor whose script had not loaded yet would see it.
  const page = await visit('/pricing', true);
  await page.route('**/answer', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  await page.goto(`${site.url}/answer`);
  await wake(page, 'contact-form');
  assert.equal(await errorsShown(page), ['Name must be at least 2 characters.', 'Please enter a valid email.', 'Please select an enquiry type.', 'Message must be at least 10 characters.']);
  assert.is(await page.locator('#enquiry-subject').inputValue(), 'Quote please');
  await page.locator('#enquiry-name').fill('Tom Nguyen');
  await page.locator('#enquiry-email').fill('tom@example.org');
  await page.locator('#enquiry-enquiryType').selectOption('general');
  await page.locator('#enquiry-message').fill('Do you translate Tongan documents as well?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('heading', { name: 'Thank You for Your Message' }).waitFor();
  assert.ok(await page.getByRole('button', { name: 'Send Another Message' }).isVisible(), 'the island handles it in place');
});

test('the field people never see is one no browser or password manager fills: a name no autofill matches, autocomplete off, out of the tab order and the accessibility tree', async () => {
  for (const [path, javaScript] of [['/contact', true], ['/pricing', false], ['/blog', true], ['/blog', false]] as const) {
    const page = await visit(path, javaScript);
    if (javaScript) await wake(page, path === '/blog' ? 'newsletter' : 'contact-form');
    const trap = page.locator('.form-trap input');
    assert.is(await trap.count(), 1, path);
    const name = (await trap.getAttribute('name')) ?? '';
    // The words Chrome's, Firefox's and Safari's autofill and the password managers look for in a name or label.
    assert.not.match(name, /web|site|url|home|page|name|mail|phone|tel|fax|company|org|address|street|city|zip|post|user|login|pass|card|country|title/i, `${path}: ${name}`);
    assert.is(await trap.getAttribute('autocomplete'), 'off');
    assert.is(await trap.getAttribute('tabindex'), '-1');
    assert.not.ok(await trap.isVisible(), `${path}: hidden`);
    assert.not.match((await page.locator('form').last().ariaSnapshot()) ?? '', /Leave this field empty/, `${path}: not in the accessibility tree`);
  }
});

test('no page logged a console error, a page error or a hydration warning', () => {
  assert.equal(problems, []);
});

test.run();
