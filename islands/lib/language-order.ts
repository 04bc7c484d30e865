/**
 * Languages in the order a reader looks for them: alphabetical by English name, letters with marks beside
 * their plain forms (Māori after Maltese, not after Mongolian as comparing code units puts it). Shared by
 * the language picker, /languages and the contact form's language choices.
 */
const collator = new Intl.Collator('en');

export const byLanguageName = (a: { name: string }, b: { name: string }): number => collator.compare(a.name, b.name);
