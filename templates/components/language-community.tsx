import type { LanguageEntry } from '../../generator/content/model.ts';
import { Icon } from './icon.tsx';
import { NativeText } from './native-text.tsx';
import { Section } from './ui.tsx';

/**
 * What is particular to one language's speakers: the documents they bring and who issues them, then the
 * script, names and dates a translator must get right. Renders nothing until the language file has it.
 */
export function LanguageCommunity({ language: l, nativeLang }: { language: LanguageEntry; nativeLang: string }) {
  if (!l.community) return null;
  const native = (text: string) => <NativeText text={text} lang={nativeLang} dir={l.dir} />;
  return (
    <>
      <Section id="issuers" heading={`${l.name} documents and who issues them`} tone="tint">
        <ul className="issuer-list" role="list">
          {l.community.documents.map((doc) => (
            <li key={doc.name} className="card issuer-card" data-reveal-item="">
              <h3>{native(doc.name)}</h3>
              <p className="issuer">
                <Icon name="landmark" size={18} />
                <span>
                  <span className="issuer-label">Who issues it: </span>
                  {native(doc.issuer)}
                </span>
              </p>
              <p>{native(doc.note)}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="script" heading={`${l.name} script, names and dates`}>
        <div className="prose prose-wide script-notes">
          {l.community.scriptNotes.map((p) => (
            <p key={p.slice(0, 40)}>{native(p)}</p>
          ))}
        </div>
      </Section>
    </>
  );
}
