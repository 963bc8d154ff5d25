/**
 * Saves text the user asked to export (the full-page report's JSON, Markdown, SARIF) as a file
 * through the page's own download link: no `downloads` permission, nothing leaves the browser.
 */
export function saveTextFile(file: { name: string; type: string; text: string }): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  // The download has started from the URL by the time a later task runs.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
