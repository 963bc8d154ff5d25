export default defineBackground(() => {
  // Wired in the extension issue.
});
