// Pure pieces shared by templates (on the server) and islands (in the browser), so both render the same
// markup: an image from its processed description, an icon from its SVG markup, and text with break points.
import { Fragment, type CSSProperties } from 'react';

export interface PictureData {
  src: string;
  width: number;
  height: number;
  alt: string;
  sources: { type: string; srcset: string }[];
  srcset?: string;
  placeholder?: string;
}

export function PictureMarkup({ image, sizes = '100vw', eager = false, priority = false, className }: { image: PictureData; sizes?: string; eager?: boolean; priority?: boolean; className?: string }) {
  const style: CSSProperties | undefined = image.placeholder ? { background: image.placeholder } : undefined;
  const img = (
    <img
      src={image.src}
      srcSet={image.srcset}
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={eager ? undefined : 'lazy'}
      decoding={eager ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={image.sources.length ? undefined : className}
      style={image.sources.length ? undefined : style}
    />
  );
  if (!image.sources.length) return img;
  return (
    <picture className={className} style={style}>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}

/** An icon from its inner SVG markup (a Lucide icon resolved on the server). */
export function SvgIcon({ markup, size = 24, className }: { markup: string; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      aria-hidden="true"
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}

/**
 * Text that may wrap at `points` (a pattern to split it on) and nowhere else in a long run of letters: an email
 * address after its @ and before a dot, "Tagalog/Filipino" after its slash. Large text on a phone leaves no room
 * for such a run on one line, and the browser would otherwise break it mid-word. A <wbr> adds nothing to the
 * text or to a link's accessible name, as long as the parts share one inline parent (not flex or grid items).
 */
export function BreakPoints({ text, points }: { text: string; points: RegExp }) {
  return (
    <>
      {text.split(points).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** After each slash: "Tagalog/Filipino". */
export const afterSlash = /(?<=\/)/;
