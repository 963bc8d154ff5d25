// Module resolution hook (see register.mjs): `wxt/browser` → the fake browser.
const FAKE = new URL('./browser.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === 'wxt/browser') return { url: FAKE, shortCircuit: true };
  return next(specifier, context);
}
