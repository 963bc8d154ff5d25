import { Fragment } from 'preact';

/**
 * A URL (or path) as text with a line-break opportunity after each `/`, `?` and `&`: in a 400 px
 * panel a long address wraps at its own separators, and breaks mid-word only when a single part
 * is too long for the line (the CSS's overflow-wrap: break-word).
 */
export function Url(props: { text: string }) {
  const parts = props.text.split(/(?<=[/?&])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}
