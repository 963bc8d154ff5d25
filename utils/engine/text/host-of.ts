/** A URL's host (with its port) for display; text that is not a URL is shown as it is. */
export function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}
