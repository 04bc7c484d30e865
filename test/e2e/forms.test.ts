// Both contact forms in Chromium with JavaScript, at 1280 and 375 px: every validation message, accessible
// errors and focus, a valid enquiry reaching a real SMTP server, the thank-you state, the captcha, a mail
// server that refuses (the enquiry is kept and mailed later), and one that refuses while the store cannot keep
// it either, with every typed value kept. Without JavaScript: forms-native.test.ts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { open, trackPages, useBrowserAndSite, wake, type Site } from './browser.ts';
import { startCaptchaStub, useMailSink, type MailSink } from '../helpers/mail.ts';

const test = suite('contact forms in the browser');
const shots = path.join(os.tmpdir(), 'site-screenshots');
fs.mkdirSync(shots, { recursive: true });

let browser: Browser;
let site: Site;
let sink: MailSink;

// The mail sink and the function's settings come first: the site reads them as it starts.
useMailSink(test, (s) => (sink = s));
useBrowserAndSite(test, (b, s) => ([browser, site] = [b, s]));
const { pages, problems: consoleProblems } = trackPages(test);

async function form(path: string, width = 1280): Promise<Page> {
  const p = await open(browser, site, path, { width });
  pages.push(p);
  await wake(p.page, 'contact-form');
  await p.page.locator('form.contact-form').waitFor();
  return p.page;
}

const errorsShown = (page: Page) => page.locator('.field-error').allTextContents().then((all) => all.map((t) => t.trim()));

for (const width of [1280, 375]) {
  test(`${width} px, /contact: an empty submit shows each message, marks the fields and moves focus to the first`, async () => {
    const page = await form('/contact', width);
    await page.getByRole('button', { name: 'Send Message' }).click();
    assert.equal(await errorsShown(page), ['Please enter your name.', 'Please enter a valid email address.', 'Please enter a subject.', 'Message must be at least 10 characters.', 'Please complete the reCAPTCHA verification.']);
    const name = page.getByLabel('Full name', { exact: false }).first();
    assert.ok(await page.locator('#message-name').evaluate((el) => el === document.activeElement), 'focus on the first invalid field');
    assert.is(await page.locator('#message-name').getAttribute('aria-invalid'), 'true');
    assert.is(await page.locator('#message-name').getAttribute('aria-describedby'), 'message-name-error');
    assert.ok(name);
    assert.match((await page.locator('[aria-live="polite"]').filter({ hasText: 'need attention' }).textContent())!, /5 fields need attention/);
  });

  test(`${width} px, /pricing: an empty submit shows the help form's own messages`, async () => {
    const page = await form('/pricing', width);
    await page.getByRole('button', { name: 'Send Message' }).click();
    assert.equal(await errorsShown(page), ['Name must be at least 2 characters.', 'Please enter a valid email.', 'Please select an enquiry type.', 'Subject must be at least 3 characters.', 'Message must be at least 10 characters.']);
    assert.ok(await page.locator('#enquiry-name').evaluate((el) => el === document.activeElement));
  });
}

test('1280 px: after an empty submit every field marked invalid has the colour of its message as its border, text boxes as well as lists', async () => {
  for (const path of ['/pricing', '/contact']) {
    const page = await form(path);
    await page.getByRole('button', { name: 'Send Message' }).click();
    // Out of focus, where the focus colour gives way to the field's own.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const fields = await page.locator('form.contact-form [aria-invalid="true"]').evaluateAll(async (all) => {
      // The border's colour change is a transition: read it where it ends.
      await Promise.all(all.flatMap((el) => el.getAnimations().map((a) => a.finished)));
      return all.map((el) => ({
        field: el.getAttribute('name'),
        border: getComputedStyle(el).borderTopColor,
        message: getComputedStyle(document.getElementById(`${el.id}-error`)!).color,
      }));
    });
    assert.ok(fields.length >= 4, `${path}: the invalid fields (${fields.length})`);
    for (const { field, border, message } of fields) assert.is(border, message, `${path}: ${field}'s border`);
  }
});

// A placeholder longer than its box is cut off mid-word on a phone, and the visitor never reads its end.
for (const width of [320, 375]) {
  test(`${width} px: every one-line field's placeholder fits inside its box, on both forms`, async () => {
    for (const address of ['/contact', '/pricing']) {
      const page = await form(address, width);
      const cut = await page.locator('form.contact-form input[placeholder]').evaluateAll((fields) => {
        const context = document.createElement('canvas').getContext('2d')!;
        return (fields as HTMLInputElement[]).flatMap((field) => {
          const look = getComputedStyle(field, '::placeholder');
          const box = getComputedStyle(field);
          context.font = `${look.fontStyle} ${look.fontWeight} ${look.fontSize} ${look.fontFamily}`;
          const room = field.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
          const needs = context.measureText(field.placeholder).width;
          return needs > room ? [`${field.name}: "${field.placeholder}" needs ${Math.ceil(needs)} px, has ${Math.floor(room)}`] : [];
        });
      });
      assert.equal(cut, [], address);
    }
  });
}

// Side by side, a field with a hint (or an error) must not push its box below its neighbour's.
test('1280 px: the two controls of each row start level, with hints and with errors shown', async () => {
  for (const address of ['/contact', '/pricing']) {
    const page = await form(address);
    const tops = () =>
      page.locator('.field-row').evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll(':scope > .field')].map((f) => Math.round(f.querySelector('input, select')!.getBoundingClientRect().top))),
      );
    const level = (when: string, all: number[][]) => {
      for (const row of all) assert.ok(row.length === 2 && row[0] === row[1], `${address}, ${when}: controls at ${row.join(' and ')} px`);
    };
    level('empty', await tops());
    await page.locator(address === '/contact' ? '#message-email' : '#enquiry-email').fill('amira@example.org');
    await page.getByRole('button', { name: 'Send Message' }).click();
    level('after an empty submit', await tops());
  }
});

async function fillEnquiry(page: Page) {
  await page.locator('#enquiry-name').fill('Tom Nguyen');
  await page.locator('#enquiry-email').fill('tom@example.org');
  await page.locator('#enquiry-subject').fill('Quote for forty pages');
  await page.locator('#enquiry-enquiryType').selectOption('quote');
  await page.locator('#enquiry-message').fill('Could you quote for forty pages of bank statements?');
}

async function fillMessage(page: Page, subject: string) {
  await page.locator('#message-name').fill('Amira Haddad');
  await page.locator('#message-email').fill('amira@example.org');
  await page.locator('#message-phone').fill('0491 570 156');
  await page.locator('#message-language').selectOption('ar');
  await page.locator('#message-subject').fill(subject);
  await page.locator('#message-message').fill('Please translate my Lebanese birth certificate for a partner visa.');
}

test('/contact: a valid message reaches the mail server; thank-you panel, toast, analytics; Send Another Message returns to an empty form', async () => {
  const page = await form('/contact');
  await page.waitForFunction(() => Boolean((window as any).__captcha));
  const rendered = await page.evaluate(() => (window as any).__captcha.sitekey);
  assert.is(rendered, '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI', 'rendered with the site key from the settings');
  const before = sink.received.length;
  await fillMessage(page, 'Birth certificate, partner visa');
  await page.evaluate(() => (window as any).__captcha.callback('good-token'));
  const button = page.getByRole('button', { name: /Send Message|Sending/ });
  await button.click();
  await page.getByRole('heading', { name: 'Thank You for Your Message' }).waitFor();
  const toast = page.getByRole('status').filter({ hasText: 'Message sent successfully' });
  assert.match((await toast.textContent())!, /We'll get back to you as soon as possible\./);
  assert.is(sink.received.length - before, 1);
  const mail = sink.received.at(-1)!.mail;
  assert.is(mail.subject, 'Website message: Birth certificate, partner visa');
  assert.is(mail.replyTo!.value[0].address, 'amira@example.org');
  assert.ok((await page.evaluate(() => window.dataLayer)).some((e: Record<string, unknown>) => e.event === 'contact_form_submitted'));
  await page.getByRole('button', { name: 'Send Another Message' }).click();
  await page.locator('form.contact-form').waitFor();
  assert.is(await page.locator('#message-name').inputValue(), '', 'the form was reset');
});

test('/contact: while sending the button is disabled and says Sending...', async () => {
  const page = await form('/contact');
  await page.waitForFunction(() => Boolean((window as any).__captcha));
  // The request is held until the test has seen the button: a send held for a fixed 400 ms could end, on a
  // busy machine, before the test looked, and the button would be gone.
  let release!: () => void;
  const seen = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/.netlify/functions/send-email', async (route) => {
    await seen;
    await route.continue();
  });
  await fillMessage(page, 'Slow send');
  await page.evaluate(() => (window as any).__captcha.callback('good-token'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  const sending = page.getByRole('button', { name: 'Sending...' });
  await sending.waitFor();
  assert.ok(await sending.isDisabled());
  release();
  await page.getByRole('heading', { name: 'Thank You for Your Message' }).waitFor();
});

test("/contact: the captcha's expiry clears its token, so the form asks for it again", async () => {
  const page = await form('/contact');
  await page.waitForFunction(() => Boolean((window as any).__captcha));
  const delay = await page.evaluate(() => (window as any).__captchaRenderedAt - (performance.getEntriesByType('resource').find((r) => r.name.includes('recaptcha')) as PerformanceResourceTiming).responseEnd);
  assert.ok(delay >= 95, `rendered ${Math.round(delay)} ms after the script was ready`);
  await fillMessage(page, 'Expiring captcha');
  await page.evaluate(() => (window as any).__captcha.callback('good-token'));
  await page.evaluate(() => (window as any).__captcha['expired-callback']());
  await page.getByRole('button', { name: 'Send Message' }).click();
  assert.equal(await errorsShown(page), ['Please complete the reCAPTCHA verification.']);
});

test('/contact: with the mail server down and the store unable to keep it, a red banner and a toast, and every typed value is still there', async () => {
  const page = await form('/contact');
  await page.waitForFunction(() => Boolean((window as any).__captcha));
  // A file where the store's queue folder should be: the store cannot keep the enquiry, for real.
  const queue = path.join(site.fixture.root, '.data', 'forms', 'queue');
  fs.rmSync(queue, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(queue), { recursive: true });
  fs.writeFileSync(queue, 'not a folder');
  sink.refuse = true;
  try {
    await fillMessage(page, 'Server down');
    await page.evaluate(() => (window as any).__captcha.callback('good-token'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'Error: Failed to send message' });
    await banner.waitFor();
    const toast = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await toast.waitFor();
    assert.is(await page.locator('#message-name').inputValue(), 'Amira Haddad');
    assert.is(await page.locator('#message-email').inputValue(), 'amira@example.org');
    assert.is(await page.locator('#message-phone').inputValue(), '0491 570 156');
    assert.is(await page.locator('#message-language').inputValue(), 'ar');
    assert.is(await page.locator('#message-subject').inputValue(), 'Server down');
    assert.match(await page.locator('#message-message').inputValue(), /Lebanese birth certificate/);
    assert.ok((await page.evaluate(() => (window as any).__captchaResets)) >= 1, 'the used captcha is reset');
  } finally {
    sink.refuse = false;
    fs.rmSync(queue, { force: true });
  }
  const before = sink.received.length;
  await page.evaluate(() => (window as any).__captcha.callback('good-token'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('heading', { name: 'Thank You for Your Message' }).waitFor();
  assert.is(await page.getByText('Error: Failed to send message').count(), 0, 'a new submit clears the earlier error');
  assert.is(sink.received.length - before, 1, 'sent on the second try: the failed attempt left no claim behind');
});

test('/contact: with the mail server refusing, the enquiry is kept: the visitor sees the thank-you, and it is mailed once the server is back', async () => {
  const page = await form('/contact');
  await page.waitForFunction(() => Boolean((window as any).__captcha));
  const before = sink.received.length;
  sink.refuse = true;
  try {
    await fillMessage(page, 'Kept through an outage');
    await page.evaluate(() => (window as any).__captcha.callback('good-token'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('heading', { name: 'Thank You for Your Message' }).waitFor();
    assert.match((await page.getByRole('status').filter({ hasText: 'Message sent successfully' }).textContent())!, /We'll get back to you/);
    assert.is(sink.received.length - before, 0);
  } finally {
    sink.refuse = false;
  }
  const report = await (await fetch(`${site.url}/.netlify/functions/deliver-enquiries`, { method: 'POST' })).json();
  assert.is(report.delivered, 1);
  assert.equal(sink.received.slice(before).map((r) => r.mail.subject), ['Website message: Kept through an outage']);
});

test('/contact: an enquiry the mail server refuses for good is kept for us: the visitor is told it is saved and what happens next, not that it failed', async () => {
  const page = await form('/contact');
  await page.waitForFunction(() => Boolean((window as any).__captcha));
  sink.refuseFor = (raw) => raw.includes('Held for the operator');
  try {
    await fillMessage(page, 'Held for the operator');
    await page.evaluate(() => (window as any).__captcha.callback('good-token'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('heading', { name: 'Your message is saved' }).waitFor();
    const panel = page.locator('.form-success-panel');
    assert.match((await panel.textContent())!, /hasn't reached our team yet\. We check for messages like this and will pass it on/);
    assert.is(await page.locator('.form-error').count(), 0, 'no error banner: the message is safe');
    const toast = page.locator('.toast').filter({ hasText: 'Your message is saved' });
    await toast.waitFor();
    assert.is(await page.getByText('Something went wrong').count(), 0);
  } finally {
    sink.refuseFor = undefined;
  }
});

for (const width of [1280, 375]) {
  test(`${width} px, /contact: after a failed send (a 500, then a network error) the captcha is still there to tick; ticked again, the message goes with every value kept`, async () => {
    const page = await form('/contact', width);
    await page.waitForFunction(() => Boolean((window as any).__captcha));
    const subject = `Captcha survives a failure ${width}`;
    await fillMessage(page, subject);
    let mode: 'error' | 'abort' | 'pass' = 'error';
    await page.route('**/.netlify/functions/send-email', (route) =>
      mode === 'error' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Failed to send message"}' }) : mode === 'abort' ? route.abort('internetdisconnected') : route.continue(),
    );
    for (const failing of ['error', 'abort'] as const) {
      mode = failing;
      await page.evaluate(() => (window as any).__captcha.callback('good-token'));
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.locator('.form-error').waitFor();
      // The widget is in the page's own .captcha element, ready to tick: not left in a node the page dropped.
      await page.locator('.captcha .stub-captcha').waitFor();
      assert.is(await page.locator('.captcha .stub-captcha').count(), 1, `${failing}: one widget to tick`);
      // The spent token is gone: sending without a new tick asks for it.
      await page.getByRole('button', { name: 'Send Message' }).click();
      assert.ok((await errorsShown(page)).includes('Please complete the reCAPTCHA verification.'), failing);
    }
    if (width === 375) await page.screenshot({ path: path.join(shots, 'contact-captcha-after-failure-375.png'), fullPage: false });
    assert.is(await page.locator('#message-name').inputValue(), 'Amira Haddad');
    assert.is(await page.locator('#message-subject').inputValue(), subject);
    assert.match(await page.locator('#message-message').inputValue(), /Lebanese birth certificate/);
    mode = 'pass';
    const before = sink.received.length;
    await page.evaluate(() => (window as any).__captcha.callback('good-token'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('heading', { name: 'Thank You for Your Message' }).waitFor();
    assert.equal(sink.received.slice(before).map((r) => r.mail.subject), [`Website message: ${subject}`]);
    // Send Another Message: a fresh form, with the widget drawn in it again.
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await page.locator('.captcha .stub-captcha').waitFor();
  });
}

test('/pricing: a network failure says so in the banner with its own message, keeping the values', async () => {
  const page = await form('/pricing', 375);
  await page.route('**/.netlify/functions/send-email', (route) => route.abort('internetdisconnected'));
  await fillEnquiry(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
  const banner = page.locator('.form-error');
  await banner.waitFor();
  assert.match((await banner.textContent())!, /^\s*Error: .+/);
  assert.is(await page.locator('#enquiry-enquiryType').inputValue(), 'quote');
  assert.is(await page.locator('#enquiry-message').inputValue(), 'Could you quote for forty pages of bank statements?');
});

test('/pricing, keyboard: after a failed send focus is on the red banner, not lost to the page, and Tab goes on to the form', async () => {
  const page = await form('/pricing', 375);
  await page.route('**/.netlify/functions/send-email', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Failed to send message"}' }));
  await fillEnquiry(page);
  await page.getByRole('button', { name: 'Send Message' }).focus();
  await page.keyboard.press('Enter');
  await page.locator('.form-error').waitFor();
  // The button is disabled while sending, which takes focus from it; the banner is where the visitor reads on.
  assert.is(await page.evaluate(() => document.activeElement?.className), 'form-error');
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => document.activeElement?.id), 'enquiry-name');
});

test('/pricing: a valid enquiry reaches the mail server with its type', async () => {
  const page = await form('/pricing');
  const before = sink.received.length;
  await fillEnquiry(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('heading', { name: 'Thank You for Your Message' }).waitFor();
  assert.is(sink.received.length - before, 1);
  assert.is(sink.received.at(-1)!.mail.subject, 'Website enquiry (Request a Quote): Quote for forty pages');
});

// The function checks by the same rules as the island, so the island's own check lets through only what the
// function then takes; but a page open since before a change to the rules, or a body grown on its way, meets a
// 400 or 413 naming a field. These tests change what the island sent on its way, so the function itself answers.
async function changeSent(page: Page, change: (sent: Record<string, string>) => Record<string, string>) {
  await page.route('**/.netlify/functions/send-email', (route) => route.continue({ postData: JSON.stringify(change(JSON.parse(route.request().postData()!))) }));
}

const focused = (page: Page) => page.evaluate(() => ({ id: document.activeElement?.id, className: document.activeElement?.className }));

/** The controls marked invalid, each with whether its message describes it (beside any hint), and the message. */
const marked = (page: Page) =>
  page
    .locator('form.contact-form [aria-invalid="true"]')
    .evaluateAll((all) => all.map((el) => ({ id: el.id, describedByError: (el.getAttribute('aria-describedby') ?? '').split(' ').includes(`${el.id}-error`), message: document.getElementById(`${el.id}-error`)?.textContent?.trim() })));

/** Sends the form and gives the function's answer, once its status and the field it names are as expected. */
async function sendRefused(page: Page, status: number, field: string): Promise<{ message: string }> {
  const answered = page.waitForResponse('**/.netlify/functions/send-email');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const response = await answered;
  const answer = await response.json();
  assert.equal([response.status(), answer.field], [status, field]);
  return answer;
}

/** The answer's message under the field, marked as the form's own checks mark one, focus on it, and the banner kept. */
async function assertFieldShown(page: Page, id: string, message: string) {
  await page.locator(`#${id}-error`).waitFor();
  assert.equal(await marked(page), [{ id, describedByError: true, message }]);
  assert.equal(await focused(page), { id, className: '' });
  assert.is((await page.locator('.form-error').textContent())!.trim(), `Error: ${message}`);
}

test('1280 px, /contact: a 400 naming a field shows its message under that field, marked as the form marks its own, with focus there and the banner kept', async () => {
  const page = await form('/contact');
  await page.waitForFunction(() => Boolean((window as any).__captcha));
  await fillMessage(page, 'Refused address');
  await changeSent(page, (sent) => ({ ...sent, email: 'amira@example' }));
  await page.evaluate(() => (window as any).__captcha.callback('good-token'));
  const answer = await sendRefused(page, 400, 'email');
  await assertFieldShown(page, 'message-email', answer.message);
  assert.is(await page.locator('#message-email').inputValue(), 'amira@example.org');
  assert.is(await page.locator('#message-language').inputValue(), 'ar');
  assert.match(await page.locator('#message-message').inputValue(), /Lebanese birth certificate/);
  // Sent again as typed, it goes.
  await page.unroute('**/.netlify/functions/send-email');
  await page.evaluate(() => (window as any).__captcha.callback('good-token'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('heading', { name: 'Thank You for Your Message' }).waitFor();
});

test('375 px, /pricing: a 413 naming the field over its limit shows the limit under that field, with focus there and every value kept', async () => {
  const page = await form('/pricing', 375);
  await fillEnquiry(page);
  // Far past the function's limit for a whole enquiry, and past the message's own.
  await changeSent(page, (sent) => ({ ...sent, message: 'x'.repeat(200_000) }));
  const answer = await sendRefused(page, 413, 'message');
  await assertFieldShown(page, 'enquiry-message', answer.message);
  assert.is(await page.locator('#enquiry-enquiryType').inputValue(), 'quote');
  assert.is(await page.locator('#enquiry-message').inputValue(), 'Could you quote for forty pages of bank statements?');
});

test('375 px, /contact: an answer naming a field the form does not show is said in the banner alone, which has focus; no field is marked', async () => {
  const page = await form('/contact', 375);
  await page.waitForFunction(() => Boolean((window as any).__captcha));
  await fillMessage(page, 'Unknown field');
  await changeSent(page, (sent) => ({ ...sent, colour: 'blue' }));
  await page.evaluate(() => (window as any).__captcha.callback('good-token'));
  const answer = await sendRefused(page, 400, 'colour');
  await page.locator('.form-error').waitFor();
  assert.is((await page.locator('.form-error').textContent())!.trim(), `Error: ${answer.message}`);
  assert.equal(await focused(page), { id: '', className: 'form-error' });
  assert.equal(await marked(page), []);
  assert.is(await page.locator('.field-error').count(), 0);
  assert.is(await page.locator('#message-subject').inputValue(), 'Unknown field');
});

test('/contact: a captcha the check refuses shows its message under the box, which has focus; ticked again, the message goes', async () => {
  const captcha = await startCaptchaStub();
  // `site serve` reads the settings afresh for each call, so the check runs from this request on.
  process.env.RECAPTCHA_SECRET = 'test-secret';
  process.env.RECAPTCHA_VERIFY_URL = captcha.url;
  try {
    const page = await form('/contact');
    await page.waitForFunction(() => Boolean((window as any).__captcha));
    await fillMessage(page, 'Refused captcha');
    await page.evaluate(() => (window as any).__captcha.callback('stale-token'));
    const answer = await sendRefused(page, 400, 'recaptcha');
    await page.locator('#message-recaptcha-error').waitFor();
    assert.is((await page.locator('#message-recaptcha-error').textContent())!.trim(), answer.message);
    assert.is(await page.locator('.captcha').getAttribute('aria-describedby'), 'message-recaptcha-error');
    assert.equal(await focused(page), { id: '', className: 'captcha' });
    assert.is(await page.locator('#message-name').inputValue(), 'Amira Haddad');
    await page.evaluate(() => (window as any).__captcha.callback('good-token'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('heading', { name: 'Thank You for Your Message' }).waitFor();
  } finally {
    delete process.env.RECAPTCHA_SECRET;
    delete process.env.RECAPTCHA_VERIFY_URL;
    await captcha.close();
  }
});

test('when the captcha service cannot be reached, the form says so and keeps what was typed', async () => {
  const p = await open(browser, site, '/contact', { stubs: { unreachable: ['captcha'] } });
  pages.push(p);
  await wake(p.page, 'contact-form');
  await p.page.getByText('The reCAPTCHA check could not be loaded').waitFor();
  await p.page.locator('#message-name').fill('Amira Haddad');
  await p.page.getByRole('button', { name: 'Send Message' }).click();
  assert.ok((await errorsShown(p.page)).includes('Please complete the reCAPTCHA verification.'));
  assert.is(await p.page.locator('#message-name').inputValue(), 'Amira Haddad');
});

test('no page logged a console error, a page error or a hydration warning', () => {
  assert.equal(consoleProblems, []);
});

test.run();
