// Pure pieces shared by templates (on the server) and islands (in the browser), so both render the same
// markup: an image from its processed description, and an icon from its SVG markup.
import type { CSSProperties } from 'react';

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
