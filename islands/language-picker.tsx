// Find your language: search by English or native name, or browse by region. Each card links to the
// language's page.
import { useEffect, useMemo, useState } from 'react';
import { afterSlash, BreakPoints, SvgIcon } from './lib/markup.tsx';
import { useReady } from './lib/use-ready.ts';
import { byLanguageName } from './lib/language-order.ts';
import { keep, readKept } from './lib/history-state.ts';

export interface PickerLanguage {
  code: string;
  name: string;
  nativeName?: string;
  nativeLang?: string;
  dir: 'ltr' | 'rtl';
  url: string;
  flag: { src: string; srcset?: string; width: number; height: number };
}

export interface LanguagePickerProps {
  languages: PickerLanguage[];
  tabs: { id: string; name: string; codes: string[] }[];
  labels: { search: string; placeholder: string; tabs: string };
  icons: { search: string };
}

export default function LanguagePicker({ languages, tabs, labels, icons }: LanguagePickerProps) {
  const ready = useReady();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState(tabs[0]?.id ?? '');
  // The search and the region are kept in the history entry, so coming back to the page (Back after opening a
  // language) finds them as they were left, even where the browser loads the page afresh.
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    const kept = readKept<{ search: unknown; tab: unknown }>('languagePicker');
    if (typeof kept?.search === 'string') setSearch(kept.search);
    if (typeof kept?.tab === 'string' && tabs.some((t) => t.id === kept.tab)) setTab(kept.tab);
    setRestored(true);
  }, []);
  useEffect(() => {
    if (restored) keep('languagePicker', { search, tab });
  }, [restored, search, tab]);
  const query = search.trim().toLowerCase();
  const shown = useMemo(() => {
    const list = query
      ? languages.filter((l) => l.name.toLowerCase().includes(query) || (l.nativeName ?? '').toLowerCase().includes(query))
      : languages.filter((l) => tabs.find((t) => t.id === tab)?.codes.includes(l.code));
    return [...list].sort(byLanguageName);
  }, [languages, tabs, tab, query]);
  const panelId = 'language-picker-results';
  return (
    <div className="language-picker">
      <div className="picker-controls" hidden={!ready}>
        <label className="picker-search">
          <span className="sr-only">{labels.search}</span>
          <SvgIcon markup={icons.search} size={20} />
          <input type="search" value={search} placeholder={labels.placeholder} onChange={(e) => setSearch((e.target as HTMLInputElement).value)} autoComplete="off" />
        </label>
        {!query && (
          <div className="picker-tabs" role="tablist" aria-label={labels.tabs}>
            {tabs.map((t) => (
              <button key={t.id} type="button" role="tab" id={`language-tab-${t.id}`} aria-selected={t.id === tab} aria-controls={panelId} tabIndex={t.id === tab ? 0 : -1} className="chip chip-button" onClick={() => setTab(t.id)} onKeyDown={(e) => moveTab(e, tabs, tab, setTab)}>
                {t.name}
              </button>
            ))}
          </div>
        )}
      </div>
      <div id={panelId} role={query ? 'region' : 'tabpanel'} aria-labelledby={query ? undefined : `language-tab-${tab}`} aria-label={query ? 'Search results' : undefined} aria-live="polite">
        {shown.length === 0 ? (
          <p className="picker-empty">No languages found matching &quot;{search}&quot;</p>
        ) : (
          <ul className="language-grid" role="list">
            {shown.map((l) => (
              <li key={l.code}>
                <a className="language-card" href={l.url}>
                  <img className="flag" src={l.flag.src} srcSet={l.flag.srcset} width={l.flag.width} height={l.flag.height} alt="" loading="lazy" decoding="async" />
                  <span>
                    <strong>
                      <BreakPoints text={l.name} points={afterSlash} />
                    </strong>
                    {l.nativeName && (
                      <span lang={l.nativeLang ?? l.code} dir={l.dir}>
                        {l.nativeName}
                      </span>
                    )}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** Arrow keys, Home and End move between tabs, as the ARIA tabs pattern expects. */
function moveTab(event: { key: string; preventDefault(): void; currentTarget: EventTarget }, tabs: { id: string }[], current: string, select: (id: string) => void) {
  const i = tabs.findIndex((t) => t.id === current);
  const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  const target = tabs[(next + tabs.length) % tabs.length];
  select(target.id);
  document.getElementById(`language-tab-${target.id}`)?.focus();
}
