import { describe, expect, it } from 'vitest';
import { escapeHiddenInJson, hasHidden, revealHidden, revealInProse, spellCodePoint } from '../../../utils/engine/text/reveal';
import { domainToASCII } from 'node:url';
import { displayHost, hostText } from '../../../utils/engine/text/host-display';

const cp = (n: number) => String.fromCodePoint(n);

describe('revealHidden: everything a terminal or a link target must not hide', () => {
  it.each<[string, string, string]>([
    ['a bidi override', 'txt.\u202Egpj', 'txt.⟨U+202E⟩gpj'],
    [
      'bidi embeddings and isolates',
      '\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069',
      '⟨U+202A⟩⟨U+202B⟩⟨U+202C⟩⟨U+202D⟩⟨U+2066⟩⟨U+2067⟩⟨U+2068⟩⟨U+2069⟩',
    ],
    ['LRM, RLM, ALM', '\u200E\u200F\u061C', '⟨U+200E⟩⟨U+200F⟩⟨U+061C⟩'],
    ['zero-width space, joiners, word joiner', 'a\u200Bb\u200Cc\u200Dd\u2060e', 'a⟨U+200B⟩b⟨U+200C⟩c⟨U+200D⟩d⟨U+2060⟩e'],
    ['invisible times and separator', 'x\u2062y\u2063z', 'x⟨U+2062⟩y⟨U+2063⟩z'],
    ['soft hyphen', 'soft\u00ADhyphen', 'soft⟨U+00AD⟩hyphen'],
    ['Mongolian vowel separator', 'a\u180Eb', 'a⟨U+180E⟩b'],
    ['BOM', '\uFEFFx', '⟨U+FEFF⟩x'],
    ['C0 controls, ESC, DEL', 'a\u001b[31mb\u0007\u007f', 'a⟨U+001B⟩[31mb⟨U+0007⟩⟨U+007F⟩'],
    ['line breaks (a site could print a line of its own)', 'ok\nVerdict: OK\r', 'ok⟨U+000A⟩Verdict: OK⟨U+000D⟩'],
    ['C1 controls: 8-bit CSI, OSC, ST', 'a\u009b31mb\u009d0;t\u009c', 'a⟨U+009B⟩31mb⟨U+009D⟩0;t⟨U+009C⟩'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a⟨U+2028⟩b⟨U+2029⟩c'],
    ['tag characters (hidden ASCII)', `hi${cp(0xe0001)}${cp(0xe0069)}${cp(0xe007f)}`, 'hi⟨U+E0001⟩⟨U+E0069⟩⟨U+E007F⟩'],
    ['unassigned tag block code points', `${cp(0xe0000)}${cp(0xe0002)}`, '⟨U+E0000⟩⟨U+E0002⟩'],
    ['private use, BMP and plane 15', `\uE000${cp(0xf0000)}`, '⟨U+E000⟩⟨U+F0000⟩'],
    ['unassigned code points', `\u0378${cp(0x2fffe)}\uFFFF`, '⟨U+0378⟩⟨U+2FFFE⟩⟨U+FFFF⟩'],
    ['a lone surrogate', 'a\uD800b', 'a⟨U+D800⟩b'],
    ['Hangul fillers and the combining grapheme joiner (default ignorable)', '\u3164\u115F\u034F', '⟨U+3164⟩⟨U+115F⟩⟨U+034F⟩'],
    ['variation selectors, including the supplementary ones used to smuggle bytes', `a\uFE0F${cp(0xe0100)}`, 'a⟨U+FE0F⟩⟨U+E0100⟩'],
  ])('%s', (_label, input, shown) => {
    expect(revealHidden(input)).toBe(shown);
    expect(hasHidden(input)).toBe(true);
  });

  it.each([
    ['plain ASCII', 'Find flowers near you (v2) — 100% ok!'],
    ['letters of other scripts', 'Ünïcödé 中文 العربية עברית русский ελληνικά हिन्दी'],
    ['combining marks', 'e\u0301 a\u0308'],
    ['ordinary spaces, including no-break', 'a b\u00A0c\u3000d'],
    ['emoji without selectors', '🌷🌻'],
  ])('leaves %s alone', (_label, text) => {
    expect(revealHidden(text)).toBe(text);
    expect(hasHidden(text)).toBe(false);
  });

  it('spells astral code points with their full value', () => {
    expect(spellCodePoint(0x202e)).toBe('⟨U+202E⟩');
    expect(spellCodePoint(0x7)).toBe('⟨U+0007⟩');
    expect(spellCodePoint(0xe0041)).toBe('⟨U+E0041⟩');
  });
});

describe('revealInProse: site prose in the panel', () => {
  it('spells out overrides so a name cannot read backwards', () => {
    expect(revealInProse('Inj…\u202Eevil\u200D')).toBe('Inj…⟨U+202E⟩evil⟨U+200D⟩');
  });

  it.each([
    ['an emoji ZWJ sequence', '👩\u200D💻'],
    ['an emoji ZWJ sequence with a skin tone and VS16', '👩🏽\u200D❤\uFE0F\u200D👨'],
    ['a family of four', '👨\u200D👩\u200D👧\u200D👦'],
    ['a Persian word with ZWNJ', 'می\u200Cخواهم'],
    ['a Hindi conjunct with ZWJ after the virama', 'क्\u200Dष'],
    ['a Malayalam chillu form with ZWJ', 'ന്\u200D'.concat('റ')],
    ['emoji presentation', '\u2764\uFE0F'],
    ['line breaks and tabs (whitespace in HTML)', 'one\ntwo\tthree'],
  ])('keeps %s as written', (_label, text) => {
    expect(revealInProse(text)).toBe(text);
  });

  it.each([
    ['a joiner after a Latin name', 'evil\u200D', 'evil⟨U+200D⟩'],
    ['a ZWNJ after a Latin name', 'evil\u200C', 'evil⟨U+200C⟩'],
    ['a joiner between Latin letters', 'pay\u200Dpal', 'pay⟨U+200D⟩pal'],
    ['a ZWNJ between Latin letters', 'pay\u200Cpal', 'pay⟨U+200C⟩pal'],
    ['a joiner at the start', '\u200Devil', '⟨U+200D⟩evil'],
    ['a joiner between Cyrillic letters', 'а\u200Dб', 'а⟨U+200D⟩б'],
    ['a joiner between an emoji and a letter', '👩\u200Da', '👩⟨U+200D⟩a'],
    ['a ZWNJ between emoji (only ZWJ builds them)', '👩\u200C💻', '👩⟨U+200C⟩💻'],
    ['two joiners in a row', '👩\u200D\u200D💻', '👩⟨U+200D⟩⟨U+200D⟩💻'],
    ['a joiner between Arabic and Latin', 'م\u200Ca', 'م⟨U+200C⟩a'],
  ])('spells out %s', (_label, text, shown) => {
    expect(revealInProse(text)).toBe(shown);
  });

  it('still spells out tags, controls and the rest', () => {
    expect(revealInProse(`a${cp(0xe0061)}\u0007\u00AD\u2060`)).toBe('a⟨U+E0061⟩⟨U+0007⟩⟨U+00AD⟩⟨U+2060⟩');
  });
});

describe('escapeHiddenInJson: the JSON writer', () => {
  const write = (value: unknown) => escapeHiddenInJson(JSON.stringify(value, null, 2));

  it('escapes C1 controls, which JSON.stringify leaves raw', () => {
    const raw = JSON.stringify({ d: 'a\u009b31m\u0085' });
    expect(raw).toContain('\u009b');
    const out = escapeHiddenInJson(raw);
    expect(out).toBe('{"d":"a\\u009b31m\\u0085"}');
    expect(/[\u0080-\u009f]/.test(out)).toBe(false);
  });

  it('escapes bidi, zero-width, separators and tags, astral ones as surrogate pairs', () => {
    expect(write(['\u202E\u200B\u2028', `${cp(0xe0041)}`])).toBe('[\n  "\\u202e\\u200b\\u2028",\n  "\\udb40\\udc41"\n]');
  });

  it('keeps its own indentation, and means exactly the same', () => {
    const value = { name: 'x\u202Ey', list: ['\u009d', 'ok', `tag${cp(0xe007f)}`], nested: { line: 'a\nb' } };
    const out = write(value);
    expect(out.split('\n').length).toBeGreaterThan(5);
    expect(JSON.parse(out)).toEqual(value);
    expect(hasHidden(out.replace(/[\n]/g, ''))).toBe(false);
  });
});

describe('displayHost: hosts as a person should read them', () => {
  it.each<[string, string, string, boolean]>([
    ['an ASCII host', 'flowers.example', 'flowers.example', false],
    ['upper case is folded', 'Flowers.EXAMPLE', 'flowers.example', false],
    ['one script: Unicode shown, punycode beside it', 'xn--mnchen-3ya.example', 'münchen.example', false],
    ['Unicode input is read the same way', 'münchen.example', 'münchen.example', false],
    ['Japanese mixes Han, kana and Latin', domainToASCII('日本のshop.example'), '日本のshop.example', false],
    ['Korean mixes Hangul, Han and Latin', '한국漢字abc.example', '한국漢字abc.example', false],
    ['Latin with one Cyrillic а: punycode', 'pаypal.example', domainToASCII('pаypal.example'), true],
    ['Greek ο in a Latin label: punycode', 'gοogle.example', domainToASCII('gοogle.example'), true],
    ['Cyrillic mixed with Greek: punycode', 'аβ.example', domainToASCII('аβ.example'), true],
    ['Hangul with kana is no language: punycode', '한の.example', domainToASCII('한の.example'), true],
  ])('%s', (_label, host, shown, mixed) => {
    const display = displayHost(host);
    expect(display.shown).toBe(shown);
    expect(display.mixedScripts).toBe(mixed);
    expect(display.ascii).toMatch(/^[\x21-\x7e]+$/);
  });

  it('a whole-script look-alike keeps its punycode beside it', () => {
    expect(displayHost('аррӏе.com')).toEqual({ shown: 'аррӏе.com', ascii: 'xn--80ak6aa92e.com', mixedScripts: false });
  });

  it('a label mixing scripts marks the whole host', () => {
    expect(displayHost('shop.pаypal.example').shown).toBe(domainToASCII('shop.pаypal.example'));
    expect(displayHost('shop.pаypal.example').shown).toMatch(/^shop\.xn--/);
  });

  it.each([
    ['a space and an override', 'bad host\u202E', 'bad host⟨U+202E⟩'],
    ['user info', 'bank.example@evil.example', 'bank.example@evil.example'],
    ['a path', 'bank.example/evil', 'bank.example/evil'],
    ['a port', 'bank.example:443', 'bank.example:443'],
  ])('what is not a host (%s) is shown as written, hidden characters spelled out', (_label, input, shown) => {
    expect(displayHost(input).shown).toBe(shown);
  });

  it('an IP address is shown as the URL parser normalises it', () => {
    expect(displayHost('0x7f.1').shown).toBe('127.0.0.1');
    expect(displayHost('[::1]').shown).toBe('[::1]');
  });
});

describe('hostText: one line for the panel, the command line and the Markdown export', () => {
  it.each<[string, string, string]>([
    ['an ASCII host stays as it is', 'flowers.example', 'flowers.example'],
    ['one script: Unicode, the punycode beside it', 'xn--mnchen-3ya.example', 'münchen.example (xn--mnchen-3ya.example)'],
    ['mixed scripts: punycode only', 'pаypal.example', domainToASCII('pаypal.example')],
    ['a port is kept', 'xn--mnchen-3ya.example:8443', 'münchen.example (xn--mnchen-3ya.example):8443'],
    ['a mixed host with a port', 'pаypal.example:443', `${domainToASCII('pаypal.example')}:443`],
    ['an IPv6 literal with a port', '[::1]:8080', '[::1]:8080'],
    ['a bidi override is spelled out', 'bank.example\u202E', 'bank.example⟨U+202E⟩'],
  ])('%s', (_label, host, shown) => {
    expect(hostText(host)).toBe(shown);
  });
});
