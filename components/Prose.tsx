import { SITE_TICK } from './i18n';

/**
 * A sentence of ours as prose: the catalog's `code` marks become <code>, and what a site wrote
 * inside it stays inert text (its own backticks arrive as `SITE_TICK` from `useSayMarked`).
 */
export function Prose(props: { text: string }) {
  const parts = props.text.split('`');
  // Catalog sentences pair their marks; an odd count leaves the last mark as text.
  const paired = parts.length % 2 === 1;
  return (
    <>
      {parts.map((part, i) => {
        const text = part.replaceAll(SITE_TICK, '`');
        if (i % 2 === 1 && (paired || i < parts.length - 1)) return <code key={i}>{text}</code>;
        return i % 2 === 1 ? `\`${text}` : text;
      })}
    </>
  );
}
