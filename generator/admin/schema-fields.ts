// Turns a JSON schema into the editor's field list, so no field is ever listed by hand: a property added to
// a schema appears in the editor on the next build. Types map to Decap widgets (enum -> select, arrays of
// objects -> list, objects -> object, image paths -> image), `required`, `description` (as the hint) and
// `default` carry over, and every $ref is resolved, across files too.
//
// Patterns and lengths are deliberately not copied into the editor: the save is checked by the build's own
// validator, so the editor refuses a bad value with the same message the build would print, not a second,
// differently worded one.
import { pointerKeys, resolveKeys } from '../content/pointer.ts';
import { siteError, SiteError } from '../errors.ts';

export interface Schema {
  $ref?: string;
  $id?: string;
  type?: string;
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
}

export interface Field {
  label: string;
  name: string;
  widget: string;
  required?: boolean;
  hint?: string;
  default?: unknown;
  [option: string]: unknown;
}

/** Schemas by file name, for resolving references such as common.schema.json#/definitions/text. */
export type SchemaSet = Map<string, Schema>;

/** A property the editor cannot show, named by its schema file and place (the build warns of it and hides it). */
function unshowable(file: string, pointer: string, problem: string): SiteError {
  return siteError('CONTENT_SCHEMA_UNSHOWN', { problem }, { file: `content/schemas/${file}`, pointer: pointer || undefined });
}

interface Place {
  file: string;
  pointer: string;
  /** Where on the site the field shows ("on the Home page"), for a field whose schema says nothing of its own. */
  where?: string;
  /** The labels of the sections around the field within that place. */
  sections?: string[];
  /** The field's names from the file's top, while no list is in between: a fact file's placeholder names it by them. */
  names?: string[];
}

/** Follows $ref chains; a property's own description and default win over the referenced schema's. */
function resolve(schemas: SchemaSet, schema: Schema, place: Place): { schema: Schema; file: string } {
  let current = schema;
  let file = place.file;
  const seen = new Set<string>();
  while (current.$ref) {
    const [target, fragment = ''] = current.$ref.split('#');
    const targetFile = target || file;
    const key = `${targetFile}#${fragment}`;
    if (seen.has(key)) throw unshowable(place.file, place.pointer, `refers to itself through ${current.$ref}`);
    seen.add(key);
    const node = resolveKeys(schemas.get(targetFile), pointerKeys(fragment));
    if (!node) throw unshowable(place.file, place.pointer, `refers to ${current.$ref}, which does not exist`);
    const { $ref: _ref, ...own } = current;
    current = { ...(node as Schema), ...own };
    file = targetFile;
  }
  return { schema: current, file };
}

/** Abbreviations staff know in capitals: "nswConvert" reads "NSW convert", not "Nsw convert". */
const capitals = new Set(['nsw', 'vic', 'qld', 'wa', 'sa', 'tas', 'act', 'nt', 'nz', 'gst', 'naati', 'faq', 'abn', 'url', 'id', 'sms', 'pdf']);

/** Words of field names that read as code or lose their capital. */
const wordsForStaff: Record<string, string> = { cta: 'button', australia: 'Australia', src: 'picture', alt: 'picture description', seo: 'search engine listing' };

/** "popularDocuments" -> "Popular documents"; "nswConvert" -> "NSW convert". */
export function labelFor(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .split(' ')
    .map((word) => (capitals.has(word) ? word.toUpperCase() : (wordsForStaff[word] ?? word)))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// Field names that read as code, labelled for staff where labelFor's words are not enough. The schemas cannot
// carry these as "title": that names the generated types.
const staffLabels: Record<string, string> = {
  alt: 'Picture description (alt text)',
  keywords: 'Search keywords',
  e164: 'Phone number in international form',
  abn: 'ABN (Australian Business Number)',
  sku: 'Product code (SKU)',
  url: 'Web address',
  href: 'Link to',
  faq: 'Questions and answers',
  orderUrl: 'Order page address',
  ariaLabel: 'Label read aloud by screen readers',
  nativeLang: 'Language code of the native message',
  id: 'Identifier (names it in placeholders)',
  nz: 'New Zealand',
  isTarget: 'Language we translate into',
  color: 'Colour',
  heroSet: 'Hero picture set',
  toastTitle: 'Pop-up message heading',
  toastText: 'Pop-up message text',
  gst: 'GST (goods and services tax)',
  captchaNeedsScript: 'Spam check needs JavaScript',
  eyebrow: 'Small heading above the title',
  subLabel: 'Second line of the label',
  article: 'Blog post page',
};

// Choices of a select that read as code, in words, by field name; the file keeps storing the value. Like the
// labels above, these cannot be the schemas' own (an enum's "title" would name a generated type). A value not
// listed reads as labelFor reads a field's name.
const optionLabels: Record<string, Record<string, string>> = {
  direction: { ltr: 'Left to right (most languages)', rtl: 'Right to left (Arabic, Persian, Hebrew, Urdu …)' },
  placement: { faq: 'FAQ page', contact: 'Contact page', pricing: 'Pricing page' },
  menu: { services: 'Services dropdown' },
  naatiCredential: { certified: 'Certified Translator', 'recognised-practising': 'Recognised Practising Translator' },
};
/** Fields whose values are plain lower-case words ("asian", "blue", "quote"), each shown as labelFor reads it. */
const wordOptions = new Set(['heroSet', 'color', 'value']);

/**
 * A select's options: the values as they are, or label and value where the field's values have words for staff,
 * from the tables above or from the content's own names for them (`named`).
 */
function optionsFor(name: string, values: unknown[], named: Record<string, string>[] = []): (string | { label: string; value: string })[] {
  const labels = optionLabels[name] ?? named.find((names) => values.every((v) => Object.hasOwn(names, String(v))));
  if (!labels && !wordOptions.has(name)) return values.map(String);
  return values.map((v) => ({ label: labels?.[String(v)] ?? labelFor(String(v)), value: String(v) }));
}

/** Whether a field is a choice rather than text: one of set values, a list of them or of languages, or a switch. */
function choosesIn(schemas: SchemaSet, schema: Schema, file: string, place: Place): boolean {
  if (schema.enum || schema.type === 'boolean') return true;
  if (schema.type !== 'array' || !schema.items) return false;
  if (definitionOf(schema.items) === 'languageCode') return true;
  return resolve(schemas, schema.items, { file, pointer: `${place.pointer}/items` }).schema.enum !== undefined;
}

/** The shared plain-text definitions' descriptions say nothing about a field: such a field's hint says where it shows. */
const genericDefinitions = ['text', 'paragraphs'];
const isGeneric = (property: Schema, file: string) =>
  (property.$ref?.split('#')[0] || file) === 'common.schema.json' && genericDefinitions.includes(definitionOf(property) ?? '');

// Prose-like names get a multi-line box; everything else a one-line input.
const proseNames = /^(text|description|answer|excerpt|intro|content|message|quote|body|paragraphs?|welcome|summary|note|bio|serviceDescription|disclaimer|subtitle)$/i;

/** A picture's path: a string whose pattern asks for an image extension, as `\\.(svg|png|jpe?g|webp|avif)$` does. */
const imagePattern = /\\\.\((?:[a-z]+\?*\|)*(?:svg|png|jpe\?g|webp|avif)/;

function typeOf(schema: Schema): string | undefined {
  return schema.type ?? (schema.enum ? 'enum' : schema.properties ? 'object' : undefined);
}

export interface FieldOptions {
  /**
   * Told of each property the editor cannot show, which then becomes a hidden field (Decap keeps its value as
   * it is in the file). Without it such a property throws.
   */
  unshown?: (problem: SiteError) => void;
  /** The valid icon names (Lucide's), offered as a searchable list wherever a schema asks for an icon. */
  icons?: string[];
  /**
   * Where the entry's fields show on the site ("on the Home page", "on each city's page"), for a field whose
   * schema has no description. Left out for a file that is no one place (a file of facts).
   */
  where?: string;
  /** A fact file's placeholder name ("site" for {{site.…}}): a field without a description says which placeholder quotes it. */
  facts?: string;
  /**
   * Sections shown on other pages than their entry's, by label, and where they show: the Cities page's "City
   * page" section is on each city's page.
   */
  places?: Record<string, string>;
  /**
   * Names the content gives to values that read as code, value by value (each plan's name by its id, from
   * plans.json): a select whose every value is named in one table offers those names, and stores the value.
   */
  named?: Record<string, string>[];
}

/** The shared definition a property points at, such as "icon" for common.schema.json#/definitions/icon. */
function definitionOf(schema: Schema | undefined): string | undefined {
  return schema?.$ref?.match(/#\/definitions\/([A-Za-z]+)$/)?.[1];
}

/** The build's date form, dd/mm/yyyy (common.schema.json's date): such fields get a date picker that stores exactly that. */
const isDate = (schema: Schema) => schema.pattern?.startsWith('^(\\d{1,2}/\\d{1,2}/\\d{4}|') === true;

/** The fields of an object schema, in the schema's own order. */
export function fieldsOf(schemas: SchemaSet, schemaFile: string, options: FieldOptions = {}): Field[] {
  const root = schemas.get(schemaFile);
  if (!root) throw unshowable(schemaFile, '', 'is missing');
  const { schema, file } = resolve(schemas, root, { file: schemaFile, pointer: '' });
  return objectFields(schemas, schema, { file, pointer: '', where: options.where, sections: [], names: [] }, options);
}

function objectFields(schemas: SchemaSet, schema: Schema, place: Place, options: FieldOptions): Field[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    try {
      return fieldFor(schemas, name, property, required.has(name), { ...place, pointer: `${place.pointer}/properties/${name}` }, options);
    } catch (error) {
      if (!(error instanceof SiteError) || !options.unshown) throw error;
      options.unshown(error);
      return { label: labelFor(name), name, widget: 'hidden', required: false };
    }
  });
}

function fieldFor(schemas: SchemaSet, name: string, property: Schema, required: boolean, place: Place, options: FieldOptions): Field {
  const { schema, file } = resolve(schemas, property, place);
  const base: Field = { label: schema.title ?? staffLabels[name] ?? labelFor(name), name, widget: 'string' };
  if (!required) base.required = false;
  const inheritsGeneric = !property.description && isGeneric(property, place.file);
  const names = place.names && [...place.names, name];
  const quotable = ['string', 'number', 'integer', 'enum'].includes(typeOf(schema) ?? '');
  if (schema.description && !inheritsGeneric) base.hint = schema.description;
  // A field whose schema says nothing of its own (a heading, a button's text): in a fact file, the placeholder
  // that quotes it; else where on the site it shows, from the entry's place and the sections around it. A file
  // that is no one place gives no such hint: its fields carry their own description. Fields that never show
  // on a page (codes, order) carry their own description too.
  else if (options.facts && names && quotable) base.hint = `Quoted wherever the site's text writes {{${[options.facts, ...names].join('.')}}}.`;
  // A choice (a select, a list of picks, a switch) is not text on the page: it decides something there, which its
  // own description says where the schema has one.
  else if (place.where) base.hint = `${choosesIn(schemas, schema, file, place) ? 'Used' : 'Shown'} ${place.where}${place.sections?.length ? `, under ${place.sections.join(' › ')}` : ''}.`;
  if (schema.default !== undefined) base.default = schema.default;
  const elsewhere = options.places?.[base.label];
  const here: Place = { file, pointer: place.pointer, where: elsewhere ?? place.where, sections: elsewhere ? [] : [...(place.sections ?? []), base.label], names };

  if (schema.const !== undefined) return { ...base, widget: 'hidden', default: schema.const };
  if (definitionOf(property) === 'icon' && options.icons) return { ...base, widget: 'select', options: options.icons };
  if (isDate(schema)) {
    // Stored as the build reads it; the picker cannot produce a day that does not exist, such as 31/02/2026.
    return { ...base, widget: 'datetime', format: 'DD/MM/YYYY', date_format: 'DD/MM/YYYY', time_format: false, ...(required ? {} : { default: '' }) };
  }
  switch (typeOf(schema)) {
    case 'enum':
    case 'string':
      if (schema.enum) return { ...base, widget: 'select', options: optionsFor(name, schema.enum, options.named) };
      if (imagePattern.test(schema.pattern ?? '')) return { ...base, widget: 'image', choose_url: false };
      return { ...base, widget: proseNames.test(name) || (schema.maxLength ?? 0) > 160 || (schema.minLength ?? 0) >= 40 ? 'text' : 'string' };
    case 'integer':
    case 'number':
      return { ...base, widget: 'number', value_type: typeOf(schema) === 'integer' ? 'int' : 'float', ...bounds(schema.minimum, schema.maximum) };
    case 'boolean':
      // An unticked box means "no": the schemas treat a missing boolean the same way.
      return { ...base, widget: 'boolean', required: false };
    case 'object': {
      if (!schema.properties) throw unshowable(place.file, place.pointer, 'is an object without "properties": the editor cannot show a form for it');
      const fields = objectFields(schemas, schema, here, options);
      // Decap asks for an optional object's required fields even where the entry has no such object (a service
      // without a licence table), and then refuses every save. Its fields are required only once it is there,
      // which the build's own rules check on save.
      return { ...base, widget: 'object', collapsed: !required, fields: required ? fields : fields.map((f) => ({ ...f, required: false })) };
    }
    case 'array': {
      if (!schema.items) throw unshowable(place.file, place.pointer, 'is an array without "items": the editor cannot tell what each item is');
      const { schema: items, file: itemsFile } = resolve(schemas, schema.items, { file, pointer: `${place.pointer}/items` });
      const limits = bounds(schema.minItems, schema.maxItems);
      if (definitionOf(schema.items) === 'languageCode') {
        // A code must name a language file: pick it by name from the languages collection.
        return { ...base, widget: 'relation', collection: 'languages', value_field: 'code', search_fields: ['name', 'code'], display_fields: ['{{name}} ({{code}})'], multiple: true, options_length: 500, ...limits };
      }
      if (items.enum) return { ...base, widget: 'select', multiple: true, options: optionsFor(name, items.enum, options.named), ...limits };
      if (typeOf(items) === 'object') {
        const fields = objectFields(schemas, items, { ...here, file: itemsFile, pointer: `${place.pointer}/items`, names: undefined }, options);
        // The first text field names each item in the collapsed list, so a long list stays readable.
        const summary = fields.find((f) => /^(title|name|question|label)$/.test(f.name)) ?? fields.find((f) => f.widget === 'string' || f.widget === 'text' || f.widget === 'select');
        return { ...base, widget: 'list', label_singular: labelFor(singular(name)), collapsed: true, ...(summary ? { summary: `{{fields.${summary.name}}}` } : {}), ...limits, fields };
      }
      const single = fieldFor(schemas, singular(name), schema.items, true, { ...place, file, pointer: `${place.pointer}/items`, names: undefined }, options);
      delete single.required;
      // The list's own description says what the items are; repeating the item's under every value is noise.
      if (base.hint) delete single.hint;
      // Items of one value are shown open: a collapsed item would show only its label, not the value.
      return { ...base, widget: 'list', label_singular: single.label, collapsed: false, ...limits, field: single };
    }
    default:
      throw unshowable(place.file, place.pointer, 'has no "type" the editor knows (string, number, integer, boolean, object, array or enum)');
  }
}

/** Decap's `min` and `max` (of a number, or of a list's items), from the schema's bounds where it sets them. */
function bounds(min: number | undefined, max: number | undefined): { min?: number; max?: number } {
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

function singular(name: string): string {
  if (/ies$/.test(name)) return name.replace(/ies$/, 'y');
  if (/(ss|sh|ch|x|as)es$/.test(name)) return name.replace(/es$/, '');
  return name.replace(/s$/, '');
}
