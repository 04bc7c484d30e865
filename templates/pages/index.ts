// The template of each kind of page is templates/pages/<kind>.tsx, found here by its name: a new kind of page
// needs its file and no line here. Each exports `page`, typed for its kind: its component, its head when
// content does not give one (the pages of entries), and for a kind with a page per entry, how the HTML sitemap
// lists them.
import type { ReactElement } from 'react';
import type { SiteModel } from '../../generator/content/model.ts';
import type { CollectionKind } from '../../generator/content/kinds.ts';
import type { Head, Page, PageKind } from '../../generator/routes.ts';

/** What a page of a kind carries for its template. */
export type DataOf<K extends PageKind> = Extract<Page, { kind: K }>['data'];

export interface PageModule<K extends PageKind> {
  Page: (props: { data: DataOf<K> }) => ReactElement;
  /** The page's head, when content does not give it (the route's `head`). */
  head?: (data: DataOf<K>, site: SiteModel) => Head;
}

/** How the HTML sitemap lists the pages of a kind's entries. */
export interface Listing {
  heading: string;
  /** Where the group stands among the others: lower first. */
  position: number;
  links(site: SiteModel): { label: string; href: string }[];
}

/** The module of a kind of page; a kind with a page per entry says how the HTML sitemap lists them. */
export type KindModule<K extends PageKind> = PageModule<K> & (K extends CollectionKind ? { listing: Listing } : unknown);

/** The template module of a kind of page. */
export function pageModule<K extends PageKind>(kind: K): KindModule<K> {
  // esbuild bundles every templates/pages/*.tsx for this require and picks one by name.
  return require(`./${kind}.tsx`).page;
}

/** A page's template and head. */
export function pageView<K extends PageKind>(kind: K, data: DataOf<K>, site: SiteModel): { Page: PageModule<K>['Page']; head: Head | undefined } {
  const module: PageModule<K> = pageModule(kind);
  return { Page: module.Page, head: module.head?.(data, site) };
}
