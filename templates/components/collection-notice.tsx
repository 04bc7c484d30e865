import { useRender } from '../context.ts';

/**
 * The collection notice (APP 5) beside a form: what it collects, why, and who receives it. Rendered by the page
 * next to the form, outside the form's island, so the island's markup stays the form alone.
 */
export function CollectionNotice({ kind }: { kind: 'contact' | 'help' | 'newsletter' | 'chat' }) {
  const { site } = useRender();
  const notices = site.shared.collectionNotices;
  return (
    <p className="collection-notice">
      {notices[kind]} <a href="/privacy-policy">{notices.policyLink}</a>
    </p>
  );
}
