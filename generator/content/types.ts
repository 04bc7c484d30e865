// Generated from content/schemas by `npm run types`. Do not edit by hand.

export interface BlogPostFrontMatter {
  /**
   * When on (true), this entry stays off the live site, even once it is published here: it gets no page and no place in any list, the sitemap or the feed. Turn it off (false) to publish it.
   */
  draft?: boolean;
  /**
   * The post's heading, shown on its page, on the blog list and in search results.
   */
  title: string;
  /**
   * One or two sentences shown on the post's card, and in search results unless the post's SEO description is filled in.
   */
  excerpt: string;
  /**
   * The day the post is published, as dd/mm/yyyy (or yyyy-mm-dd): pick it from the calendar.
   */
  date: string;
  /**
   * The day the post was last changed in substance, written like the date. Leave it empty for a new post.
   */
  updated?: string;
  /**
   * Who wrote the post, with their role, shown under the heading.
   */
  author: string;
  category: "Immigration" | "Legal" | "Education" | "Translation" | "Business";
  image: Image;
  /**
   * A small symbol shown beside the heading. Type to search the names, such as file-text or plane.
   */
  icon: string;
  /**
   * Show this post as the featured post on /blog (the newest featured post wins).
   */
  featured?: boolean;
  seo?: Seo;
}

export interface Image {
  /**
   * Choose a picture from the library or upload a new one. It is kept under assets/images/, such as cities/sydney.svg, and the site makes the sizes each screen needs.
   */
  src: string;
  /**
   * What the image shows, for people who cannot see it.
   */
  alt: string;
}

export interface Seo {
  /**
   * The page title for search engines and browser tabs.
   */
  title?: string;
  /**
   * The meta description: one or two sentences, under 160 characters.
   */
  description?: string;
  /**
   * Words people might search for to find this page. They are not shown on the page.
   *
   * Items: Plain text shown on the site.
   */
  keywords?: string[];
}

export type Paragraphs = string[];

export interface City {
  $schema?: string;
  /**
   * When on (true), this entry stays off the live site, even once it is published here: it gets no page and no place in any list, the sitemap or the feed. Turn it off (false) to publish it.
   */
  draft?: boolean;
  /**
   * Plain text shown on the site.
   */
  name: string;
  /**
   * Plain text shown on the site.
   */
  nameInText?: string;
  /**
   * How a sentence puts something in the city: on the Gold Coast, in Sydney. Defaults to in.
   */
  preposition?: "in" | "on";
  state: "NSW" | "VIC" | "QLD" | "WA" | "SA" | "TAS" | "ACT" | "NT";
  stateName:
    | "New South Wales"
    | "Victoria"
    | "Queensland"
    | "Western Australia"
    | "South Australia"
    | "Tasmania"
    | "Australian Capital Territory"
    | "Northern Territory";
  /**
   * The centre of the city, for the 100 km service area in structured data.
   */
  coordinates: {
    /**
     * North–south position of the city centre in degrees (negative: south of the equator). Not shown; search engines read it.
     */
    latitude: number;
    /**
     * East–west position of the city centre in degrees. Not shown; search engines read it.
     */
    longitude: number;
  };
  /**
   * Position on the /cities page.
   */
  order: number;
  /**
   * The population as text, such as 5.3 million or 147,000.
   */
  population: string;
  /**
   * Plain text shown on the site.
   */
  suburbs: string;
  image: Image;
  /**
   * Plain text shown on the site.
   */
  tagline?: string;
  description: Paragraphs;
  /**
   * @minItems 10
   * @maxItems 10
   *
   * Items: Plain text shown on the site.
   */
  popularDocuments: string[];
  /**
   * The city's ten most requested languages, most requested first; the card shows the first three.
   *
   * @minItems 10
   * @maxItems 10
   *
   * Items: An ISO 639 language code such as zh or fil.
   */
  languages: string[];
  /**
   * Local facts worth knowing: offices, universities, community hubs.
   */
  localNotes?: Card[];
  seo?: Seo;
  /**
   * What is particular to translation needs in this city: its universities, courts, hospitals, communities, the state's registry and industries. Shown on the city page; write it for this city alone.
   */
  localGuide?: {
    /**
     * A short heading specific to the city, such as Steel, surf and a university town.
     */
    heading: string;
    /**
     * Two or three paragraphs on the city's own reasons for needing certified translations.
     *
     * @minItems 2
     * @maxItems 3
     *
     * Items: One paragraph of plain text.
     */
    paragraphs: string[];
    /**
     * Three to five real local institutions where people need certified translations.
     *
     * @minItems 3
     * @maxItems 5
     */
    places: {
      /**
       * The institution's real name, such as University of Wollongong.
       */
      name: string;
      /**
       * One sentence: why people there need certified translations.
       */
      note: string;
    }[];
  };
}

export interface Card {
  /**
   * Plain text shown on the site.
   */
  title: string;
  /**
   * Plain text shown on the site.
   */
  text: string;
  /**
   * A small symbol shown beside the heading. Type to search the names, such as file-text or plane.
   */
  icon?: string;
  /**
   * Plain text shown on the site.
   */
  note?: string;
}

export interface ContactFormCopy {
  $schema?: string;
  fields: {
    name: {
      /**
       * Plain text shown on the site.
       */
      label: string;
      /**
       * Plain text shown on the site.
       */
      placeholder?: string;
      /**
       * Plain text shown on the site.
       */
      hint?: string;
    };
    email: {
      /**
       * Plain text shown on the site.
       */
      label: string;
      /**
       * Plain text shown on the site.
       */
      placeholder?: string;
      /**
       * Plain text shown on the site.
       */
      hint?: string;
    };
    phone: {
      /**
       * Plain text shown on the site.
       */
      label: string;
      /**
       * Plain text shown on the site.
       */
      placeholder?: string;
      /**
       * Plain text shown on the site.
       */
      hint?: string;
    };
    language: {
      /**
       * Plain text shown on the site.
       */
      label: string;
      /**
       * Plain text shown on the site.
       */
      hint?: string;
    };
    subject: {
      /**
       * Plain text shown on the site.
       */
      label: string;
      /**
       * Plain text shown on the site.
       */
      placeholder?: string;
      /**
       * Plain text shown on the site.
       */
      hint?: string;
    };
    enquiryType: {
      /**
       * Plain text shown on the site.
       */
      label: string;
      /**
       * Plain text shown on the site.
       */
      placeholder?: string;
      /**
       * Plain text shown on the site.
       */
      hint?: string;
    };
    message: {
      /**
       * Plain text shown on the site.
       */
      label: string;
      /**
       * Plain text shown on the site.
       */
      placeholder?: string;
      /**
       * Plain text shown on the site.
       */
      hint?: string;
    };
  };
  /**
   * @minItems 5
   * @maxItems 5
   */
  enquiryTypes: {
    /**
     * The kind of enquiry as the contact form sends it to us; not shown to visitors. The label is what they see.
     */
    value: "general" | "quote" | "support" | "feedback" | "other";
    /**
     * Plain text shown on the site.
     */
    label: string;
  }[];
  /**
   * Plain text shown on the site.
   */
  anyLanguage: string;
  /**
   * Plain text shown on the site.
   */
  submit: string;
  /**
   * Plain text shown on the site.
   */
  submitting: string;
  success: {
    /**
     * Plain text shown on the site.
     */
    toastTitle: string;
    /**
     * Plain text shown on the site.
     */
    toastText: string;
  };
  error: {
    /**
     * Plain text shown on the site.
     */
    toastTitle: string;
    /**
     * Plain text shown on the site.
     */
    fallback: string;
    /**
     * Plain text shown on the site.
     */
    networkFallback: string;
  };
  /**
   * Plain text shown on the site.
   */
  captchaNeedsScript: string;
}

export interface BusinessFacts {
  $schema: string;
  /**
   * Business hours: the one place they are set. Every way the site says them (Monday to Friday, 9am to 5pm Melbourne time; /contact's table; the structured data) is derived from the days and times here.
   */
  hours: {
    /**
     * The days we work; the others show as closed.
     *
     * @minItems 1
     */
    days: ("Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday")[];
    /**
     * Opening time on those days, 24-hour, such as 09:00.
     */
    opens: string;
    /**
     * Closing time, 24-hour, such as 17:00.
     */
    closes: string;
    /**
     * Whose clock the times follow, as it reads after them: Melbourne time.
     */
    clock: string;
    /**
     * Which time zone the hours are in, spelt out for customers in other states, such as AEST, or AEDT during daylight saving.
     */
    timeZone: string;
    /**
     * How soon we answer an enquiry, as the contact, pricing, FAQ and home pages and several service pages promise.
     */
    replyWithin: string;
  };
  /**
   * Turnaround times named once; each plan's own timeframe is under Plans and prices.
   */
  turnaround: {
    /**
     * How long a self-service order usually takes, as the home, process and contact pages and many service pages say it.
     */
    selfService: string;
    /**
     * The fastest paid turnaround.
     */
    superExpress: string;
    /**
     * The usual turnaround for a full translation.
     */
    standard: string;
    /**
     * The usual turnaround for a short document.
     */
    standardShort: string;
    /**
     * The usual turnaround as a range, where pages speak of all documents at once.
     */
    standardRange: string;
    /**
     * The express turnaround offered at checkout.
     */
    express: string;
    /**
     * The express turnaround for longer documents.
     */
    expressTwoDays: string;
    /**
     * The express turnaround for a passport.
     */
    expressPassport: string;
    /**
     * The turnaround for wills and other long legal documents.
     */
    wills: string;
    /**
     * What happens to an order placed outside business hours, as a clause that ends a sentence on the service pages.
     */
    outsideHours: string;
    /**
     * Plain text shown on the site.
     */
    selfServiceQualified: string;
  };
  /**
   * Counts about the languages we translate.
   */
  languages: {
    /**
     * Plain text shown on the site.
     */
    count: string;
    /**
     * Plain text shown on the site.
     */
    countInWords: string;
  };
  /**
   * What customers may upload.
   */
  uploads: {
    /**
     * Plain text shown on the site.
     */
    formats: string;
    /**
     * Plain text shown on the site.
     */
    maxSize: string;
  };
  /**
   * How customers pay.
   */
  payment: {
    /**
     * Plain text shown on the site.
     */
    methods: string;
    /**
     * Plain text shown on the site.
     */
    methodsOr: string;
  };
  /**
   * How translations reach customers.
   */
  delivery: {
    /**
     * Plain text shown on the site.
     */
    hardCopy: string;
  };
  /**
   * The conditions of the 100% acceptance guarantee, in plain words, from the terms.
   */
  guarantee: {
    /**
     * Plain text shown on the site.
     */
    short: string;
    /**
     * Plain text shown on the site.
     */
    conditions: string;
    /**
     * Plain text shown on the site.
     */
    name: string;
    /**
     * Where the guarantee's conditions are set out in full.
     */
    link: string;
  };
  /**
   * Licence rules stated on several pages: NSW, the other states, New Zealand.
   */
  driving: {
    /**
     * Plain text shown on the site.
     */
    nsw: string;
    /**
     * Plain text shown on the site.
     */
    nswShort: string;
    /**
     * Plain text shown on the site.
     */
    otherStates: string;
    /**
     * Plain text shown on the site.
     */
    visitorPeriod: string;
    /**
     * Plain text shown on the site.
     */
    nz: string;
  };
  /**
   * How much evidence authorities typically ask for.
   */
  evidence: {
    /**
     * Plain text shown on the site.
     */
    statementsForVisas: string;
    /**
     * Plain text shown on the site.
     */
    statementsForLenders: string;
    /**
     * Plain text shown on the site.
     */
    policeResidence: string;
  };
  /**
   * Figures the privacy policy and other pages share.
   */
  privacy: {
    /**
     * Plain text shown on the site.
     */
    responseTime: string;
    /**
     * Plain text shown on the site.
     */
    retention: string;
    /**
     * Plain text shown on the site.
     */
    deletion: string;
    /**
     * Plain text shown on the site.
     */
    deletionShort: string;
    /**
     * Plain text shown on the site.
     */
    encryption: string;
    /**
     * Plain text shown on the site.
     */
    encryptionShort: string;
  };
  /**
   * How prices are stated: GST, and what we promise about price.
   */
  price: {
    /**
     * Plain text shown on the site.
     */
    gst: string;
    /**
     * Plain text shown on the site.
     */
    bestPrice: string;
  };
  /**
   * Who accepts our translations, with the NSW licence-conversion exception that must stand beside it.
   */
  acceptance: {
    /**
     * Plain text shown on the site.
     */
    benefit: string;
    /**
     * Plain text shown on the site.
     */
    nswNote: string;
  };
  /**
   * Rules of governments and authorities, each with its source and the date it was checked. Name the value in content: {{facts.rules.nswConvert.value}}.
   */
  rules: {
    nswConvert: SourcedFact;
    nswConvertShort: SourcedFact;
    nswConvertBrief: SourcedFact;
    nswDrive: SourcedFact;
    nswPeriod: SourcedFact;
    vicPeriod: SourcedFact;
    vicTranslation: SourcedFact;
    qld: SourcedFact;
    wa: SourcedFact;
    nz: SourcedFact;
    freeTranslating: SourcedFact;
    naatiRecognised: SourcedFact;
    naatiDirectory: SourcedFact;
    vietnamJudicial: SourcedFact;
    chinaPolice: SourcedFact;
    homeAffairsTranslation: SourcedFact;
    ahpraTranslation: SourcedFact;
    ahpraTranslationShort: SourcedFact;
    aclGuarantees: SourcedFact;
    servicesAustraliaTranslation: SourcedFact;
    bdmVicTranslation: SourcedFact;
    inzTranslation: SourcedFact;
    inzTranslationShort: SourcedFact;
    institutionTranslation: SourcedFact;
    institutionTranslationShort: SourcedFact;
    naatiCertification: SourcedFact;
  };
}

export interface SourcedFact {
  /**
   * Plain text shown on the site.
   */
  value: string;
  /**
   * The address of the public page the rule was read on.
   */
  source: string;
  /**
   * Plain text shown on the site.
   */
  sourceTitle: string;
  /**
   * The day the source was last read, as YYYY-MM-DD.
   */
  checked: string;
}

export interface FAQGroups {
  $schema?: string;
  /**
   * @minItems 1
   */
  groups: {
    /**
     * Lowercase letters, digits and single hyphens.
     */
    id: string;
    /**
     * Plain text shown on the site.
     */
    title: string;
    /**
     * Plain text shown on the site.
     */
    description?: string;
    /**
     * A small symbol shown beside the heading. Type to search the names, such as file-text or plane.
     */
    icon?: string;
    image?: Image;
    /**
     * Which page shows this group of questions.
     */
    placement: "faq" | "contact" | "pricing";
    /**
     * @minItems 1
     */
    items: FaqItem[];
  }[];
}

export interface FaqItem {
  /**
   * Lowercase letters, digits and single hyphens.
   */
  id?: string;
  /**
   * Plain text shown on the site.
   */
  question: string;
  /**
   * Plain text shown on the site.
   */
  answer: string;
  /**
   * A small symbol shown beside the heading. Type to search the names, such as file-text or plane.
   */
  icon?: string;
}

export interface LanguageGroups {
  $schema?: string;
  /**
   * @minItems 1
   */
  groups: {
    /**
     * Lowercase letters, digits and single hyphens.
     */
    id: string;
    /**
     * The tab label, such as European.
     */
    name: string;
    /**
     * The heading on /languages; by default '{name} Languages'.
     */
    heading?: string;
    /**
     * Which languages belong to this group: every language of the regions ticked here is listed under its tab.
     */
    regions?: ("Oceania" | "Asia" | "Middle East" | "Europe" | "Africa")[];
    /**
     * Languages listed under this group's tab as well as those of its regions.
     *
     * Items: An ISO 639 language code such as zh or fil.
     */
    languages?: string[];
  }[];
}

export type Keywords = string[];

export interface Language {
  $schema?: string;
  /**
   * When on (true), this entry stays off the live site, even once it is published here: it gets no page and no place in any list, the sitemap or the feed. Turn it off (false) to publish it.
   */
  draft?: boolean;
  /**
   * An ISO 639 language code such as zh or fil.
   */
  code: string;
  /**
   * The English name, such as Chinese, Tagalog/Filipino or Māori (macrons are kept in text and dropped from the address).
   */
  name: string;
  /**
   * The name in the language itself, if it differs.
   */
  nativeName?: string;
  region: "Oceania" | "Asia" | "Middle East" | "Europe" | "Africa";
  /**
   * Among the most requested languages in Australia: listed first in menus and in the Popular tab.
   */
  popularInAustralia?: boolean;
  /**
   * The language we translate into (English). It has no page and is left out of every list.
   */
  isTarget?: boolean;
  /**
   * A lowercase ISO 3166-1 alpha-2 country code, used for the flag.
   */
  countryCode: string;
  /**
   * Position in the language list (English is 1). Menus take popular languages in this order.
   */
  order: number;
  /**
   * Which regional set of hero images the landing page draws from; by default it follows the region.
   */
  heroSet?: "asian" | "european" | "arabic" | "indian" | "african";
  /**
   * Writing direction of the native text. Right-to-left for Arabic, Hebrew, Persian, Urdu and similar scripts.
   */
  direction?: "ltr" | "rtl";
  localContent?: {
    /**
     * Plain text shown on the site.
     */
    title: string;
    /**
     * Plain text shown on the site.
     */
    subtitle: string;
    paragraphs: Paragraphs;
    /**
     * Plain text shown on the site.
     */
    nativeMessage: string;
    /**
     * An ISO 639 language code such as zh or fil.
     */
    nativeLang?: string;
  };
  /**
   * How this page appears in search results. Its title is made from the language's name and the from-price, the same on every language page, so only the description and keywords are set here.
   */
  seo?: {
    /**
     * The meta description: one or two sentences, under 160 characters.
     */
    description?: string;
    keywords?: Keywords;
  };
  /**
   * What is particular to this language's speakers: the documents they most often need translated, who issues them, and the script and name pitfalls. Shown on the language page; write it fresh for this community.
   */
  community?: {
    /**
     * Four to six documents this community most often needs translated for Australian or New Zealand purposes.
     *
     * @minItems 4
     * @maxItems 6
     */
    documents: {
      /**
       * The document's English name, with its native name in brackets where that helps, such as Family relation certificate (가족관계증명서).
       */
      name: string;
      /**
       * The real authority that issues it, as specifically as you know it, such as Local government offices, on behalf of the Supreme Court of Korea.
       */
      issuer: string;
      /**
       * One or two sentences: what the document records and when Australian or New Zealand authorities ask for it.
       */
      note: string;
    }[];
    /**
     * Two or three paragraphs on what trips up a translation from this language: script, names and transliteration, dates and calendars, number formats.
     *
     * @minItems 2
     * @maxItems 3
     *
     * Items: One paragraph of plain text.
     */
    scriptNotes: string[];
  };
  /**
   * The NAATI credential our translators hold in this language: Recognised Practising Translator where NAATI offers no certification test in it. Leave it out when it is not confirmed; the page then names both credentials.
   */
  naatiCredential?: "certified" | "recognised-practising";
}

export interface Navigation {
  $schema?: string;
  /**
   * @minItems 1
   */
  header: {
    /**
     * Plain text shown on the site.
     */
    label: string;
    /**
     * The page this menu item opens, as its address on this site, such as /pricing.
     */
    href: string;
    /**
     * Show the services dropdown under this item.
     */
    menu?: "services";
  }[];
  /**
   * The shorter set of service pages listed in the header and the mobile menu.
   *
   * @minItems 1
   */
  servicesMenu: {
    /**
     * Lowercase letters, digits and single hyphens.
     */
    service: string;
    /**
     * List this service only in the mobile menu.
     */
    mobileOnly?: boolean;
  }[];
  languagesMenu: {
    /**
     * Plain text shown on the site.
     */
    label: string;
    /**
     * How many popular-in-Australia languages the desktop dropdown shows, in list order.
     */
    count: number;
  };
  mobileLanguages: {
    /**
     * @minItems 1
     *
     * Items: An ISO 639 language code such as zh or fil.
     */
    popular: string[];
    /**
     * @minItems 1
     *
     * Items: An ISO 639 language code such as zh or fil.
     */
    more: string[];
  };
  footer: {
    /**
     * Plain text shown on the site.
     */
    about?: string;
    /**
     * @minItems 1
     */
    columns: {
      /**
       * Plain text shown on the site.
       */
      title: string;
      /**
       * @minItems 1
       */
      links: Link[];
    }[];
    /**
     * How many popular languages the footer lists.
     */
    languageCount: number;
    /**
     * Plain text shown on the site.
     */
    note?: string;
    /**
     * The acceptance guarantee's conditions, in the footer of every page, so every page that names the guarantee carries them. Name the facts: {{facts.guarantee.short}}.
     */
    guarantee: {
      /**
       * Plain text shown on the site.
       */
      name: string;
      /**
       * Plain text shown on the site.
       */
      conditions: string;
      link: {
        /**
         * Plain text shown on the site.
         */
        label: string;
        /**
         * The page this link opens, as its address on this site, such as /privacy.
         */
        href: string;
      };
    };
  };
}

export interface Link {
  /**
   * Plain text shown on the site.
   */
  label: string;
  /**
   * A site path starting with /, or an https:// address.
   */
  href: string;
}

export interface BlogPage {
  $schema?: string;
  seo: PageSeo;
  hero: {
    /**
     * Plain text shown on the site.
     */
    eyebrow?: string;
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    image?: Image;
  };
  /**
   * Plain text shown on the site.
   */
  featuredLabel: string;
  /**
   * Plain text shown on the site.
   */
  filterLabel: string;
  emptyState: {
    /**
     * Plain text shown on the site.
     */
    title: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
  };
  /**
   * Plain text shown on the site.
   */
  viewAll: string;
  /**
   * How the list of posts is split into pages, and the words around it. Page 1 is /blog; later pages are /blog/page/2 and so on, and each category has its own pages under /blog/category/.
   */
  paging: {
    /**
     * How many posts each page of the blog and of a category lists.
     */
    postsPerPage: number;
    /**
     * Plain text shown on the site.
     */
    pageTitle: string;
    /**
     * Plain text shown on the site.
     */
    pageDescription: string;
    /**
     * Plain text shown on the site.
     */
    categoryTitle: string;
    /**
     * Plain text shown on the site.
     */
    categoryPageTitle: string;
    /**
     * Plain text shown on the site.
     */
    categoryHeading: string;
    /**
     * Plain text shown on the site.
     */
    categoryText: string;
    /**
     * Plain text shown on the site.
     */
    categoryPageDescription: string;
    /**
     * What each category's posts are about, as it reads after "guides on".
     */
    categoryTopics: {
      /**
       * Plain text shown on the site.
       */
      Immigration: string;
      /**
       * Plain text shown on the site.
       */
      Legal: string;
      /**
       * Plain text shown on the site.
       */
      Education: string;
      /**
       * Plain text shown on the site.
       */
      Translation: string;
      /**
       * Plain text shown on the site.
       */
      Business: string;
    };
    /**
     * Plain text shown on the site.
     */
    pagerLabel: string;
    /**
     * Plain text shown on the site.
     */
    previous: string;
    /**
     * Plain text shown on the site.
     */
    next: string;
    /**
     * Plain text shown on the site.
     */
    pageOf: string;
  };
  newsletter: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    /**
     * Plain text shown on the site.
     */
    label: string;
    /**
     * Plain text shown on the site.
     */
    button: string;
    /**
     * Plain text shown on the site.
     */
    note: string;
    /**
     * Plain text shown on the site.
     */
    thanks: string;
  };
  article?: {
    /**
     * Plain text shown on the site.
     */
    backLink: string;
    cta: {
      /**
       * Plain text shown on the site.
       */
      heading: string;
      /**
       * Plain text shown on the site.
       */
      text: string;
      /**
       * Plain text shown on the site.
       */
      button?: string;
    };
  };
}

export interface PageSeo {
  /**
   * The page title for search engines and browser tabs.
   */
  title: string;
  /**
   * The meta description: one or two sentences, under 160 characters.
   */
  description: string;
  /**
   * Words people might search for to find this page. They are not shown on the page.
   *
   * Items: Plain text shown on the site.
   */
  keywords?: string[];
}

export interface CitiesPage {
  $schema?: string;
  seo: PageSeo;
  hero: {
    /**
     * Plain text shown on the site.
     */
    eyebrow?: string;
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    image?: Image;
  };
  intro?: Paragraphs;
  cta: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    /**
     * Plain text shown on the site.
     */
    button?: string;
  };
  /**
   * Copy shared by every city page; {city} in a string is replaced by the city's name.
   */
  cityPage?: {
    onlineNotice: {
      /**
       * Plain text shown on the site.
       */
      heading: string;
      /**
       * Plain text shown on the site.
       */
      text: string;
    };
    /**
     * Plain text shown on the site.
     */
    documentsHeading: string;
    /**
     * Plain text shown on the site.
     */
    languagesHeading: string;
    /**
     * Plain text shown on the site.
     */
    benefitsHeading: string;
    /**
     * The six benefit cards on every city page.
     *
     * @minItems 6
     * @maxItems 6
     */
    benefits: Card[];
    cta: {
      /**
       * Plain text shown on the site.
       */
      heading: string;
      /**
       * Plain text shown on the site.
       */
      text: string;
      /**
       * Plain text shown on the site.
       */
      button?: string;
    };
  };
}

export interface ContactPage {
  $schema?: string;
  seo: PageSeo;
  hero: {
    /**
     * Plain text shown on the site.
     */
    eyebrow?: string;
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    image?: Image;
  };
  details: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
  };
  hours: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    closed: string;
    /**
     * Plain text shown on the site.
     */
    note: string;
  };
  form: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text?: string;
  };
  thankYou: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    /**
     * Plain text shown on the site.
     */
    button: string;
  };
  fastTranslation: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    /**
     * Plain text shown on the site.
     */
    button?: string;
  };
  chat: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    /**
     * Plain text shown on the site.
     */
    button?: string;
  };
  faq: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text?: string;
    link?: Link;
  };
}

export interface FAQPage {
  $schema?: string;
  seo: PageSeo;
  hero: {
    /**
     * Plain text shown on the site.
     */
    eyebrow?: string;
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    image?: Image;
  };
  stillHaveQuestions: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    /**
     * Plain text shown on the site.
     */
    contactButton: string;
    /**
     * Plain text shown on the site.
     */
    orderButton: string;
  };
}

export interface HomePage {
  $schema?: string;
  seo: PageSeo;
  hero: {
    /**
     * Plain text shown on the site.
     */
    eyebrow?: string;
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    /**
     * Plain text shown on the site.
     */
    button: string;
    /**
     * Plain text shown on the site.
     */
    secondary?: string;
  };
  features: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text?: string;
    /**
     * The nine features, in order.
     *
     * @minItems 9
     * @maxItems 9
     */
    items: Card[];
  };
  process: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text?: string;
    /**
     * @minItems 3
     * @maxItems 3
     */
    steps: Step[];
  };
  documents: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text?: string;
    /**
     * The six popular document types, each named by the last part of its service page's address (such as birth-certificates).
     *
     * @minItems 6
     * @maxItems 6
     *
     * Items: Lowercase letters, digits and single hyphens.
     */
    services: string[];
  };
  pricing: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text?: string;
  };
  reviews: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text?: string;
  };
  testimonials: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text?: string;
  };
  languages: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text?: string;
  };
  cta: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
  };
  /**
   * The About Us section (/#about), where the footer's About Us link lands: who we are, the translators' credentials, how we work.
   */
  about: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    who: {
      /**
       * Plain text shown on the site.
       */
      title: string;
      paragraphs: Paragraphs;
    };
    credentials: {
      /**
       * Plain text shown on the site.
       */
      title: string;
      paragraphs: Paragraphs;
    };
    how: {
      /**
       * Plain text shown on the site.
       */
      title: string;
      /**
       * @minItems 2
       *
       * Items: Plain text shown on the site.
       */
      items: string[];
    };
  };
  /**
   * How to check a translator's NAATI credential (/#verify), beside a SAMPLE certified translation drawn by us.
   */
  verify: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    /**
     * @minItems 2
     */
    steps: Card[];
    directoryLink: {
      /**
       * Plain text shown on the site.
       */
      label: string;
      /**
       * An address on this site (/terms) or a full external address.
       */
      href: string;
    };
    sample: Image;
    /**
     * Plain text shown on the site.
     */
    sampleCaption: string;
  };
  /**
   * An honest note on the Home Affairs Free Translating Service for eligible new residents.
   */
  freeTranslating: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    link: {
      /**
       * Plain text shown on the site.
       */
      label: string;
      /**
       * An address on this site (/terms) or a full external address.
       */
      href: string;
    };
  };
}

export interface Step {
  /**
   * Plain text shown on the site.
   */
  title: string;
  /**
   * Plain text shown on the site.
   */
  text: string;
  /**
   * A small symbol shown beside the heading. Type to search the names, such as file-text or plane.
   */
  icon?: string;
}

export interface LanguagesPage {
  $schema?: string;
  seo: PageSeo;
  hero: {
    /**
     * Plain text shown on the site.
     */
    eyebrow?: string;
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    image?: Image;
  };
  callout: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    /**
     * Plain text shown on the site.
     */
    button?: string;
  };
  /**
   * Copy shared by every language landing page; {language} is replaced by the language's name.
   */
  languagePage: {
    /**
     * The four benefits on each language page; {language} is replaced by the language's name.
     */
    benefits: {
      credential: Card;
      turnaround: Card1;
      price: Card2;
      acceptance: Card3;
    };
    /**
     * Personal, academic, legal and immigration documents.
     *
     * @minItems 4
     * @maxItems 4
     */
    documentCategories: {
      /**
       * Plain text shown on the site.
       */
      title: string;
      /**
       * A small symbol shown beside the heading. Type to search the names, such as file-text or plane.
       */
      icon?: string;
      /**
       * @minItems 3
       *
       * Items: Plain text shown on the site.
       */
      items: string[];
    }[];
    /**
     * @minItems 3
     *
     * Items: Plain text shown on the site.
     */
    authorities: string[];
    cta: {
      /**
       * Plain text shown on the site.
       */
      heading: string;
      /**
       * Plain text shown on the site.
       */
      text: string;
      /**
       * Plain text shown on the site.
       */
      button?: string;
    };
    /**
     * Plain text shown on the site.
     */
    priceBadge: string;
    /**
     * Which NAATI credential the translator holds, and how to check it. {language} is replaced by the language's name.
     */
    credential: {
      /**
       * Plain text shown on the site.
       */
      heading: string;
      /**
       * Plain text shown on the site.
       */
      certified: string;
      /**
       * Plain text shown on the site.
       */
      recognised: string;
      /**
       * For languages whose NAATI credential is Recognised Practising Translator, the title and text shown in place of the Credential benefit, since their translator is credentialed, not certified.
       */
      recognisedTranslator: {
        /**
         * Plain text shown on the site.
         */
        title: string;
        /**
         * Plain text shown on the site.
         */
        text: string;
      };
      /**
       * For languages whose NAATI credential is Recognised Practising Translator, the title and text shown in place of the Acceptance benefit, which speaks of certified translations.
       */
      recognisedAcceptance: {
        /**
         * Plain text shown on the site.
         */
        title: string;
        /**
         * Plain text shown on the site.
         */
        text: string;
      };
      /**
       * Plain text shown on the site.
       */
      recognisedStepTitle: string;
      /**
       * Plain text shown on the site.
       */
      verify: string;
    };
  };
}

export interface Card1 {
  /**
   * Plain text shown on the site.
   */
  title: string;
  /**
   * Plain text shown on the site.
   */
  text: string;
  /**
   * A small symbol shown beside the heading. Type to search the names, such as file-text or plane.
   */
  icon?: string;
  /**
   * Plain text shown on the site.
   */
  note?: string;
}

export interface Card2 {
  /**
   * Plain text shown on the site.
   */
  title: string;
  /**
   * Plain text shown on the site.
   */
  text: string;
  /**
   * A small symbol shown beside the heading. Type to search the names, such as file-text or plane.
   */
  icon?: string;
  /**
   * Plain text shown on the site.
   */
  note?: string;
}

export interface Card3 {
  /**
   * Plain text shown on the site.
   */
  title: string;
  /**
   * Plain text shown on the site.
   */
  text: string;
  /**
   * A small symbol shown beside the heading. Type to search the names, such as file-text or plane.
   */
  icon?: string;
  /**
   * Plain text shown on the site.
   */
  note?: string;
}

export interface NotFoundPage {
  $schema?: string;
  seo: PageSeo;
  /**
   * Plain text shown on the site.
   */
  heading: string;
  /**
   * Plain text shown on the site.
   */
  text: string;
  /**
   * Plain text shown on the site.
   */
  link: string;
  /**
   * Plain text shown on the site.
   */
  lowercase?: string;
  blogPost?: AtAMissingBlogPost;
}

export interface AtAMissingBlogPost {
  /**
   * Plain text shown on the site.
   */
  heading: string;
  /**
   * Plain text shown on the site.
   */
  text: string;
  /**
   * Plain text shown on the site.
   */
  link: string;
}

export interface PricingPage {
  $schema?: string;
  seo: PageSeo;
  hero: {
    /**
     * Plain text shown on the site.
     */
    eyebrow?: string;
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    image?: Image;
  };
  plans: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text?: string;
  };
  /**
   * @minItems 3
   */
  includes?: Card[];
  faq: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text?: string;
  };
  form: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text?: string;
  };
}

export interface HowItWorksPage {
  $schema?: string;
  seo: PageSeo;
  hero: {
    /**
     * Plain text shown on the site.
     */
    eyebrow?: string;
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    image?: Image;
  };
  steps: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text?: string;
    /**
     * @minItems 3
     * @maxItems 3
     */
    items: Step[];
  };
  demo: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    /**
     * Plain text shown on the site.
     */
    button: string;
    /**
     * Plain text shown on the site.
     */
    dialogTitle: string;
    /**
     * Plain text shown on the site.
     */
    dialogText: string;
    /**
     * Plain text shown on the site.
     */
    customerName: string;
    customerEmail: string;
    /**
     * Plain text shown on the site.
     */
    document: string;
    /**
     * Plain text shown on the site.
     */
    languagePair: string;
    /**
     * Plain text shown on the site.
     */
    delivery: string;
    /**
     * Plain text shown on the site.
     */
    reviewPrompt: string;
    /**
     * Plain text shown on the site.
     */
    reviewButton: string;
  };
  security: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text?: string;
    /**
     * @minItems 4
     * @maxItems 4
     */
    items: Card[];
  };
  technology: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    paragraphs: Paragraphs;
    /**
     * @minItems 3
     *
     * Items: Plain text shown on the site.
     */
    points: string[];
  };
  payment: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * @minItems 2
     *
     * Items: Plain text shown on the site.
     */
    methods: string[];
    /**
     * Plain text shown on the site.
     */
    text: string;
  };
  cta: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    /**
     * Plain text shown on the site.
     */
    button?: string;
  };
}

export interface ServicesPage {
  $schema?: string;
  seo: PageSeo;
  hero: {
    /**
     * Plain text shown on the site.
     */
    eyebrow?: string;
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    image?: Image;
  };
  callout: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    /**
     * Plain text shown on the site.
     */
    button?: string;
  };
}

export interface HTMLSitemapPage {
  $schema?: string;
  seo: PageSeo;
  hero: {
    /**
     * Plain text shown on the site.
     */
    eyebrow?: string;
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    image?: Image;
  };
}

export interface LiveChatSetupPage {
  $schema?: string;
  seo: PageSeo;
  /**
   * Plain text shown on the site.
   */
  heading: string;
  /**
   * Plain text shown on the site.
   */
  text: string;
  /**
   * Plain text shown on the site.
   */
  snippetHeading: string;
  /**
   * @minItems 1
   */
  links: Link[];
}

export interface ServicePlans {
  $schema?: string;
  /**
   * @minItems 1
   */
  plans: {
    /**
     * Which plan this is. It is how the rest of the site refers to this plan (each service's list of plans, and placeholders such as {{plans.full.price}}), and it is not shown on the site: leave it as it is.
     */
    id: "self-service" | "extract" | "full";
    /**
     * Plain text shown on the site.
     */
    name: string;
    /**
     * A price in Australian dollars, such as $44.95.
     */
    price: string;
    /**
     * Plain text shown on the site.
     */
    priceNote: string;
    /**
     * Plain text shown on the site.
     */
    timeframe: string;
    /**
     * Plain text shown on the site.
     */
    description: string;
    /**
     * @minItems 1
     *
     * Items: Plain text shown on the site.
     */
    features: string[];
    /**
     * Marks the plan Most Popular.
     */
    recommended: boolean;
    /**
     * Plain text shown on the site.
     */
    badge?: string;
  }[];
  /**
   * Plain text shown on the site.
   */
  expressNote: string;
  /**
   * A price in Australian dollars, such as $44.95.
   */
  serviceFee: string;
}

export interface ProsePageFrontMatter {
  /**
   * When on (true), this entry stays off the live site, even once it is published here: it gets no page and no place in any list, the sitemap or the feed. Turn it off (false) to publish it.
   */
  draft?: boolean;
  /**
   * Plain text shown on the site.
   */
  title: string;
  seo: PageSeo;
  /**
   * A date as dd/mm/yyyy, such as 22/09/2026, or as yyyy-mm-dd; the site shows dd/mm/yyyy.
   */
  updated: string;
  /**
   * Plain text shown on the site.
   */
  intro?: string;
}

export interface Service {
  $schema?: string;
  /**
   * When on (true), this entry stays off the live site, even once it is published here: it gets no page and no place in any list, the sitemap or the feed. Turn it off (false) to publish it.
   */
  draft?: boolean;
  /**
   * Position on /services.
   */
  order: number;
  /**
   * The service's card in the lists of services on the Home and Services pages.
   */
  card: {
    /**
     * The service's short name: on its card, in the Services menu, in its page's breadcrumb trail and on the Sitemap page.
     */
    title: string;
    /**
     * A sentence or two under the name on the service's card.
     */
    description: string;
    /**
     * A small symbol shown beside the heading. Type to search the names, such as file-text or plane.
     */
    icon: string;
    /**
     * One of the design system's accent colours.
     */
    color: "blue" | "teal" | "green" | "amber" | "rose" | "violet" | "indigo" | "orange" | "cyan" | "slate";
  };
  /**
   * The page heading.
   */
  title: string;
  /**
   * The service's name in structured data, such as Birth Certificate Translation.
   */
  serviceName: string;
  /**
   * One or two sentences describing the service, used under the heading and in structured data.
   */
  serviceDescription: string;
  seo: Seo;
  intro: Paragraphs;
  /**
   * @minItems 3
   */
  useCases: Card[];
  pricing: {
    /**
     * The plans (from Plans and prices) this document can be ordered as, so the page only promises what applies to it (a will has no self-service option).
     *
     * @minItems 1
     */
    plans: ("self-service" | "extract" | "full")[];
    /**
     * From-price for this document; the Full Document price when left out.
     */
    startingPrice?: string;
    /**
     * Plain text shown on the site.
     */
    priceNote: string;
    unit?: "per document" | "per page";
    /**
     * @minItems 1
     */
    turnaround: {
      /**
       * Plain text shown on the site.
       */
      label: string;
      /**
       * Plain text shown on the site.
       */
      value: string;
    }[];
    /**
     * Items: Plain text shown on the site.
     */
    includes?: string[];
    /**
     * Plain text shown on the site.
     */
    note?: string;
  };
  /**
   * @minItems 3
   *
   * Items: Plain text shown on the site.
   */
  requirements: string[];
  /**
   * @minItems 4
   */
  faq: FaqItem[];
  /**
   * The process steps; the standard three when left out.
   *
   * @minItems 3
   * @maxItems 6
   */
  steps?: Step[];
  /**
   * @minItems 4
   *
   * Items: Plain text shown on the site.
   */
  documentTypes: string[];
  notices?: {
    /**
     * Plain text shown on the site.
     */
    title: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
    link?: Link;
  }[];
  image: Image;
  /**
   * Other addresses that lead to this service's page, each the last part of the address, such as passports-ids.
   *
   * Items: Lowercase letters, digits and single hyphens.
   */
  aliases?: string[];
  /**
   * Related services to suggest, each named by the last part of its page's address (such as birth-certificates).
   *
   * Items: Lowercase letters, digits and single hyphens.
   */
  related?: string[];
  /**
   * A table of licence translation rules by state or country, each row naming its source fact ({{facts.rules.x.source}}) and the day it was checked. Rows without a source say the rule is not confirmed.
   */
  licenceTable?: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    intro: string;
    /**
     * @minItems 1
     */
    rows: {
      /**
       * Plain text shown on the site.
       */
      place: string;
      /**
       * Plain text shown on the site.
       */
      driving: string;
      /**
       * Plain text shown on the site.
       */
      converting: string;
      source?: string;
      /**
       * Plain text shown on the site.
       */
      sourceTitle?: string;
      /**
       * A date as YYYY-MM-DD.
       */
      checked?: string;
    }[];
  };
}

export interface SharedCopy {
  $schema?: string;
  /**
   * @minItems 3
   */
  trustBadges: {
    /**
     * Plain text shown on the site.
     */
    label: string;
    /**
     * A small symbol shown beside the heading. Type to search the names, such as file-text or plane.
     */
    icon: string;
  }[];
  /**
   * The three steps shown on every service and language page that has no steps of its own.
   */
  standardSteps: {
    upload: Step;
    certification: Step1;
    delivery: Step2;
  };
  floatingButton: {
    /**
     * Plain text shown on the site.
     */
    label: string;
    /**
     * Plain text shown on the site.
     */
    subLabel: string;
    /**
     * Plain text shown on the site.
     */
    badge: string;
    /**
     * Plain text shown on the site.
     */
    ariaLabel: string;
  };
  confidentiality: {
    /**
     * Plain text shown on the site.
     */
    heading: string;
    /**
     * Plain text shown on the site.
     */
    text: string;
  };
  /**
   * Plain text shown on the site.
   */
  disclaimer: string;
  /**
   * The labels of the external order buttons.
   */
  orderCta: {
    /**
     * Plain text shown on the site.
     */
    start: string;
    /**
     * Plain text shown on the site.
     */
    getStarted: string;
    /**
     * Plain text shown on the site.
     */
    startYour: string;
  };
  /**
   * The collection notices (APP 5) shown beside the contact and help forms, the newsletter sign-up and the live chat: what is collected, why, by whom and where.
   */
  collectionNotices: {
    /**
     * Plain text shown on the site.
     */
    contact: string;
    /**
     * Plain text shown on the site.
     */
    help: string;
    /**
     * Plain text shown on the site.
     */
    newsletter: string;
    /**
     * Plain text shown on the site.
     */
    chat: string;
    /**
     * Plain text shown on the site.
     */
    policyLink: string;
  };
}

export interface Step1 {
  /**
   * Plain text shown on the site.
   */
  title: string;
  /**
   * Plain text shown on the site.
   */
  text: string;
  /**
   * A small symbol shown beside the heading. Type to search the names, such as file-text or plane.
   */
  icon?: string;
}

export interface Step2 {
  /**
   * Plain text shown on the site.
   */
  title: string;
  /**
   * Plain text shown on the site.
   */
  text: string;
  /**
   * A small symbol shown beside the heading. Type to search the names, such as file-text or plane.
   */
  icon?: string;
}

export interface SiteSettings {
  $schema?: string;
  /**
   * The trading name shown in the header, titles and footer.
   */
  name: string;
  /**
   * The registered company name shown in the footer.
   */
  legalName: string;
  /**
   * A short line about the business: the heading on the picture shown when a long page or the Sitemap page is shared on social media, and the site's description when it is saved to a phone's home screen.
   */
  tagline: string;
  /**
   * The public origin of the site, without a trailing slash, such as https://www.example.com.
   */
  baseUrl: string;
  /**
   * The language and region the site is written in, such as en-AU: the pages' lang attribute, their sharing locale and the blog feed's language.
   */
  locale: string;
  /**
   * Our business address, shown in the footer of every page and on the Contact page, and given to search engines.
   */
  address: {
    /**
     * Plain text shown on the site.
     */
    street: string;
    /**
     * Plain text shown on the site.
     */
    locality: string;
    region: "NSW" | "VIC" | "QLD" | "WA" | "SA" | "TAS" | "ACT" | "NT";
    postcode: string;
    country: "AU";
  };
  /**
   * Our phone number, shown in the footer of every page and on the Contact page.
   */
  phone: {
    /**
     * Plain text shown on the site.
     */
    display: string;
    /**
     * The same number in international form for tel: links, such as +61355500123.
     */
    e164: string;
  };
  /**
   * The contact email shown on the site and the default recipient of enquiries.
   */
  email: string;
  /**
   * The Australian Business Number, written 12 345 678 901.
   */
  abn: string;
  /**
   * The external order page on the provider's profile; its path must end in /create.
   */
  orderUrl: string;
  logo: Image;
  /**
   * A price in Australian dollars, such as $44.95.
   */
  startingPrice: string;
  /**
   * Plain text shown on the site.
   */
  languageCount?: string;
  /**
   * When the site's pages were last reviewed; the sitemap's lastmod for pages without a date of their own.
   */
  updated: string;
  integrations: {
    /**
     * The public reCAPTCHA v2 site key.
     */
    recaptchaSiteKey: string;
    reviews: {
      businessUnitId: string;
      scriptUrl: string;
      invitation: {
        templateId: string;
        source: string;
        locationId: string;
        tags: string[];
        product: {
          /**
           * The product code the review service knows this service by.
           */
          sku: string;
          name: string;
          /**
           * The page the review service links the product to, as its address on this site, such as /services. The product's picture is the site's own icon.
           */
          href: string;
        };
      };
    };
    chat: {
      propertyId: string;
      widgetId: string;
      dashboardUrl: string;
      helpUrl: string;
    };
    /**
     * The tag manager container id; events are pushed to window.dataLayer.
     */
    analyticsId: string;
  };
  /**
   * How staff sign in to the content editor at /admin on the live site, and where their edits are committed.
   */
  editor?: {
    /**
     * github: each editor signs in with a GitHub account that can push to the repository, through Netlify's OAuth provider. (Netlify Identity and Git Gateway, which Netlify has deprecated, are no longer offered.)
     */
    backend: "github";
    /**
     * The GitHub repository as owner/name, for the github backend.
     */
    repo?: string;
    /**
     * The branch edits are committed to, the one the live site is built from.
     */
    branch: string;
    /**
     * The OAuth server that signs editors in to GitHub. Leave it out to use Netlify's (https://api.netlify.com).
     */
    authUrl?: string;
  };
  /**
   * The service providers the privacy policy names (APP 1 and APP 8), set by the business: the email service, the file storage, the ordering platform and where translators work. Until they are set, they hold sample values.
   */
  providers: {
    /**
     * The service that sends and receives our email.
     */
    email: {
      /**
       * Plain text shown on the site.
       */
      name: string;
      /**
       * Plain text shown on the site.
       */
      country: string;
    };
    /**
     * Where uploaded documents and translations are stored.
     */
    fileStorage: {
      /**
       * Plain text shown on the site.
       */
      name: string;
      /**
       * Plain text shown on the site.
       */
      country: string;
    };
    /**
     * The ordering platform customers order and pay on, and the countries where it holds their data.
     */
    orderingPlatform: {
      /**
       * Plain text shown on the site.
       */
      name: string;
      /**
       * Plain text shown on the site.
       */
      countries: string;
    };
    /**
     * Plain text shown on the site.
     */
    translatorCountries: string;
  };
}

export interface Testimonials {
  $schema?: string;
  /**
   * @minItems 1
   */
  testimonials: {
    /**
     * Lowercase letters, digits and single hyphens.
     */
    id: string;
    /**
     * Plain text shown on the site.
     */
    content: string;
    /**
     * Plain text shown on the site.
     */
    author: string;
    /**
     * Plain text shown on the site.
     */
    position: string;
    rating: number;
    image?: Image;
  }[];
}
