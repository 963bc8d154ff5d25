// punycode.js ships no types; we use only its label conversion.
declare module 'punycode.js' {
  export function toUnicode(domain: string): string;
  export function toASCII(domain: string): string;
}
